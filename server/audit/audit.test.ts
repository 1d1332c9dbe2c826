import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { emptyRow } from "../../core/catalog/variant-drafts.ts";
import { createUser } from "../../tests/factories/accounts.ts";
import { createCoupon, createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { createAdminProduct, productInputSchema, updateAdminProduct } from "../catalog/admin-products.ts";
import { deleteAdminCoupon, setCouponFlag } from "../coupons/admin-coupons.ts";
import { createAdminCreator, creatorInputSchema, updateAdminCreator } from "../creators/admin-creators.ts";
import { auditEntries, contentCreators, products, productVariants } from "../db/schema/index.ts";
import { streamCsv } from "../exports/csv-stream.ts";
import type { Mailer } from "../mail/mailer.ts";
import { updateOrderStatus } from "../orders/status.ts";
import { inviteStaff } from "../staff/invitations.ts";
import { saveStaffSettings } from "../staff/settings.ts";
import { adjustStock } from "../stock/adjust.ts";
import { type AuditActor, systemActor, withActor } from "./actor.ts";
import { activityCsvExport } from "./csv.ts";
import { activityFilter, entityTimeline, listActivity } from "./query.ts";
import { recordChange } from "./record.ts";
import { pruneAuditLog, saveAuditSettings } from "./retention.ts";
import { auditedSetting } from "./setting.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const staff: AuditActor = {
  kind: "staff",
  id: "staff-1",
  name: "Mia Manager",
  email: "mia@example.com",
  ip: "203.0.113.7",
};
const asStaff = <T>(work: () => Promise<T>) => withActor(staff, work);
const entriesOf = (entityType: string, entityId: string) =>
  database.db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.entityType} = ${entityType} and ${auditEntries.entityId} = ${entityId}`);

function productInput(name: string, price: string, sku: string) {
  const parsed = productInputSchema.safeParse({
    name,
    imageUrls: [],
    tags: [],
    seoTitle: "",
    seoDescription: "",
    seoKeywords: [],
    options: [{ name: "Size", values: "30g" }],
    variants: [{ ...emptyRow(["30g"], ""), sku, price }],
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe("recording changes", () => {
  it("records a product's save with who, where from, and its price before → after", async () => {
    const sku = `AUD-${Date.now()}`;
    const created = await asStaff(() => createAdminProduct(database.db, productInput("Resin", "39.00", sku)));
    await asStaff(() =>
      updateAdminProduct(database.db, created.id, productInput("Resin Gold", "42.00", sku)),
    );
    const [update, create] = await entityTimeline(database.db, "product", created.id);
    expect(create).toMatchObject({
      action: "create",
      actorName: "Mia Manager",
      actorEmail: "mia@example.com",
      ip: "203.0.113.7",
    });
    expect(update).toMatchObject({ action: "update", entityLabel: "Resin Gold", actorId: "staff-1" });
    expect(update!.changes).toMatchObject({
      name: { from: "Resin", to: "Resin Gold" },
      [`${sku} priceCents`]: { from: 3900, to: 4200 },
    });
    expect(update!.changes).not.toHaveProperty("viewCount");
  });

  it("records nothing for a save that changed nothing, or for a change outside staff and jobs", async () => {
    const sku = `AUD-SAME-${Date.now()}`;
    const created = await asStaff(() => createAdminProduct(database.db, productInput("Same", "10.00", sku)));
    await asStaff(() => updateAdminProduct(database.db, created.id, productInput("Same", "10.00", sku)));
    await updateAdminProduct(database.db, created.id, productInput("Customer-side", "11.00", sku));
    expect((await entriesOf("product", created.id)).map((e) => e.action)).toEqual(["create"]);
  });

  it("records a stock adjustment and an order's status change", async () => {
    const product = await createProduct(database.db, { name: "Stocked" });
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    await asStaff(() =>
      adjustStock(
        database.db,
        product.id,
        { variantId: variant!.id, mode: "set", quantity: 12, reason: "received", note: "" },
        null,
      ),
    );
    const stock = (await entriesOf("product", product.id)).find((e) => e.action === "stock");
    expect(stock?.changes).toMatchObject({ stock: { to: 12 }, reason: { from: null, to: "received" } });

    const order = await createOrder(database.db, { paymentStatus: "paid" });
    await asStaff(() => updateOrderStatus(database.db, order.id, "processing"));
    const [entry] = await entriesOf("order", order.id);
    expect(entry).toMatchObject({ action: "status", entityLabel: String(order.number) });
    expect(entry!.changes.status).toEqual({ from: order.status, to: "processing" });
  });

  it("records coupons switched off and deleted, with what they held", async () => {
    const coupon = await createCoupon(database.db);
    await asStaff(() => setCouponFlag(database.db, coupon.id, "isActive", false));
    await asStaff(() => deleteAdminCoupon(database.db, coupon.id));
    const entries = await entriesOf("coupon", coupon.id);
    expect(entries.map((e) => e.action).sort()).toEqual(["delete", "update"]);
    const update = entries.find((e) => e.action === "update")!;
    expect(update.changes).toEqual({ isActive: { from: true, to: false } });
    expect(entries.find((e) => e.action === "delete")!.changes.code).toEqual({ from: coupon.code, to: null });
  });

  it("records a background job's change as system", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    await withActor(systemActor("test job"), () => updateOrderStatus(database.db, order.id, "processing"));
    const [entry] = await entriesOf("order", order.id);
    expect(entry).toMatchObject({
      actorKind: "system",
      actorName: "system (test job)",
      actorId: null,
      ip: null,
    });
  });
});

describe("secrets never reach the log", () => {
  it("shows a creator's new password only as changed", async () => {
    const username = `creator${Date.now()}`;
    const form = { username, password: "first-secret-pass", fullName: "C", email: "", commissionRate: "10" };
    await asStaff(() => createAdminCreator(database.db, creatorInputSchema("create").parse(form)));
    const [creator] = await database.db
      .select({ id: contentCreators.id })
      .from(contentCreators)
      .where(eq(contentCreators.username, username));
    const id = creator!.id;
    await asStaff(() =>
      updateAdminCreator(
        database.db,
        id,
        creatorInputSchema("edit").parse({ ...form, password: "second-secret-pass" }),
      ),
    );
    const entries = await entriesOf("creator", id);
    const text = JSON.stringify(entries);
    expect(text).not.toContain("secret-pass");
    expect(text).not.toMatch(/\$2[aby]\$|scrypt|argon/);
    expect(entries.find((e) => e.action === "update")!.changes.passwordHash).toEqual({
      from: "[hidden]",
      to: "[hidden]",
    });
  });

  it("keeps a staff invitation's token out of its entry", async () => {
    const inviter = await createUser(database.db, { role: "admin", staffRole: "owner" });
    let mailedUrl = "";
    const mailer = {
      send: async (m: { props: { url: string } }) => {
        mailedUrl = m.props.url;
      },
    } as unknown as Mailer;
    const invitation = await asStaff(() =>
      inviteStaff(
        database.db,
        mailer,
        "https://shop.test",
        { email: `helper${Date.now()}@example.com`, name: "Helper", role: "fulfilment" },
        inviter,
      ),
    );
    const token = mailedUrl.split("/").at(-1)!;
    const [entry] = await entriesOf("staff-invitation", invitation.id);
    expect(entry).toMatchObject({ action: "invite" });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(invitation.tokenHash);
  });

  it("hides an API key inside a setting at any depth", async () => {
    const setting = auditedSetting(
      "audit-test-provider",
      "Provider",
      z.object({ mode: z.string(), smtp: z.object({ apiKey: z.string() }) }),
      {
        mode: "off",
        smtp: { apiKey: "" },
      },
    );
    await asStaff(() => setting.save(database.db, { mode: "live", smtp: { apiKey: "sk_live_abcdef123" } }));
    const [entry] = await entriesOf("setting", "audit-test-provider");
    expect(JSON.stringify(entry)).not.toContain("sk_live_abcdef123");
    expect(entry!.changes.mode).toEqual({ from: "off", to: "live" });
  });
});

describe("the same transaction", () => {
  it("a change that fails after its entry was written leaves neither", async () => {
    const product = await createProduct(database.db, { name: "Before" });
    const failed = asStaff(() =>
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ name: "After" }).where(eq(products.id, product.id));
        await recordChange(tx, {
          entityType: "product",
          entityId: product.id,
          action: "update",
          before: { name: "Before" },
          after: { name: "After" },
        });
        throw new Error("the save failed after the audit write");
      }),
    );
    await expect(failed).rejects.toThrow("after the audit write");
    expect(await entriesOf("product", product.id)).toEqual([]);
    const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.name).toBe("Before");
  });

  it("a staff change refused by the database (an order cancelled twice at once is fine; a SKU clash is not) records nothing", async () => {
    const sku = `AUD-CLASH-${Date.now()}`;
    await asStaff(() => createAdminProduct(database.db, productInput("First", "10.00", sku)));
    const second = await createProduct(database.db, { name: "Second" });
    await expect(
      asStaff(() => updateAdminProduct(database.db, second.id, productInput("Second", "10.00", sku))),
    ).rejects.toThrow();
    expect(await entriesOf("product", second.id)).toEqual([]);
  });
});

describe("append-only and retention", () => {
  it("refuses to update or delete an entry, even with SQL", async () => {
    await asStaff(() =>
      recordChange(database.db, {
        entityType: "note",
        entityId: "n1",
        action: "create",
        after: { text: "x" },
      }),
    );
    await expect(database.db.update(auditEntries).set({ actorName: "someone else" })).rejects.toThrow();
    await expect(database.db.delete(auditEntries).where(eq(auditEntries.entityId, "n1"))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    expect(await entriesOf("note", "n1")).toHaveLength(1);
  });

  it("the prune job deletes only entries older than the retention setting", async () => {
    const now = new Date("2031-06-01T00:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    const old = { actorKind: "staff", actorName: "x", entityType: "prune-test", action: "update" };
    await database.db.insert(auditEntries).values([
      { ...old, entityId: "731-days", createdAt: at(731) },
      { ...old, entityId: "729-days", createdAt: at(729) },
      { ...old, entityId: "100-days", createdAt: at(100) },
    ]);
    await pruneAuditLog(database.db, now);
    const left = async () =>
      (await database.db.select().from(auditEntries).where(eq(auditEntries.entityType, "prune-test")))
        .map((e) => e.entityId)
        .sort();
    expect(await left()).toEqual(["100-days", "729-days"]);
    await asStaff(() => saveAuditSettings(database.db, { retentionDays: 90 }));
    const [setting] = await entriesOf("setting", "audit-settings");
    expect(setting!.changes.retentionDays).toEqual({ from: 730, to: 90 });
    // The clock is five years ahead: with 90 days kept, every entry of this test is gone.
    await pruneAuditLog(database.db, now);
    expect(await left()).toEqual([]);
    await asStaff(() => saveAuditSettings(database.db, { retentionDays: 730 }));
  });
});

describe("reading the log", () => {
  it("filters by person, entity, action and date, pages by keyset, and exports formula-safe CSV", async () => {
    const other: AuditActor = {
      ...staff,
      id: "staff-2",
      name: '=HYPERLINK("http://evil")',
      email: "o@example.com",
    } as AuditActor;
    for (let i = 0; i < 55; i++)
      await withActor(other, () =>
        recordChange(database.db, {
          entityType: "page-test",
          entityId: `p${i}`,
          action: "create",
          after: { n: i },
        }),
      );
    await saveStaffSettings(database.db, { requireTwoFactor: false });
    const first = await listActivity(database.db, { actor: "staff-2", entity: "page-test", after: null });
    expect(first.rows).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const [createdAt, id] = first.next!.split("~");
    const second = await listActivity(database.db, {
      actor: "staff-2",
      entity: "page-test",
      after: { createdAt: createdAt!, id: id! },
    });
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.entityId)).size).toBe(55);
    const future = await listActivity(database.db, { entity: "page-test", from: "2099-01-01", after: null });
    expect(future.rows).toEqual([]);
    expect(activityFilter({ action: "update" })).toBeDefined();

    const csv = await new Response(
      streamCsv(activityCsvExport(database.db, { actor: "staff-2" }, { batchSize: 20 })),
    ).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(56);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).toContain("'=HYPERLINK");
  });
});
