import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBatch,
  createCertificate,
  createCollection,
  createContentCreator,
  createProduct,
  createReview,
  createSubscription,
  createTestimonial,
  createUser,
} from "../../tests/factories/index.ts";
import { recordingMailer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { deleteAdminCollection, updateAdminCollection } from "../catalog/admin-collections.ts";
import { saveBulkEdit } from "../catalog/bulk-edit.ts";
import { duplicateProduct } from "../catalog/duplicate-product.ts";
import { applyCatalogUpload, previewCatalogUpload } from "../catalog-csv/admin-import.ts";
import { deleteCertificate, saveCertificate } from "../content/admin-certificates.ts";
import { updateAdminTestimonial } from "../content/admin-testimonials.ts";
import { inviteCreator, revokeCreatorInvitation } from "../creators/invitation.ts";
import { auditEntries, productVariants, serials } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { savePolicyVersion } from "../policies/save.ts";
import { moderateReview } from "../reviews/admin-reviews.ts";
import { saveTaxRate } from "../shipping/tax-rates.ts";
import { deleteShippingZone, listShippingZones, saveShippingZone } from "../shipping/zones.ts";
import { cancelSubscriptionAtPeriodEnd } from "../subscriptions/cancel.ts";
import { schedulePriceChange } from "../subscriptions/price-change.ts";
import { addValidityCode, addValidityCodes, deleteValidityCode } from "../validity/admin-validity.ts";
import { updateBatch } from "../validity/batches.ts";
import { deleteUnverifiedSerial } from "../validity/serial-admin.ts";
import { generateSerials } from "../validity/serials.ts";
import { type AuditActor, withActor } from "./actor.ts";

// The back office changes of issue 34 part 3 beyond products, orders, coupons and creators
// (server/audit/audit.test.ts): each records its entry, and a refused change records none.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const staff: AuditActor = {
  kind: "staff",
  id: "staff-9",
  name: "Ann Admin",
  email: "ann@example.com",
  ip: "198.51.100.4",
};
const asStaff = <T>(work: () => Promise<T>) => withActor(staff, work);
const entriesOf = (entityType: string, entityId: string) =>
  database.db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.entityType} = ${entityType} and ${auditEntries.entityId} = ${entityId}`)
    .orderBy(auditEntries.createdAt);
const byStaff = { actorId: "staff-9", actorName: "Ann Admin", ip: "198.51.100.4" };

describe("content", () => {
  it("records a testimonial's edit before → after", async () => {
    const t = await createTestimonial(database.db, { name: "Jo", rating: 5 });
    const input = {
      name: "Jo",
      title: "",
      content: "Fine.",
      rating: 3,
      imageUrl: "",
      mediaType: "none" as const,
      mediaUrl: "",
      active: true,
    };
    await asStaff(() => updateAdminTestimonial(database.db, t.id, input));
    const [entry] = await entriesOf("testimonial", t.id);
    expect(entry).toMatchObject({ ...byStaff, action: "update", entityLabel: "Jo" });
    expect(entry!.changes.rating).toEqual({ from: 5, to: 3 });
  });

  it("records a certificate replaced and removed", async () => {
    const before = await createCertificate(database.db, { displayOrder: 1, imageUrl: "/uploads/a.webp" });
    await asStaff(() => saveCertificate(database.db, { slot: 1, imageUrl: "/uploads/b.webp" }));
    await asStaff(() => deleteCertificate(database.db, 1));
    const entries = await entriesOf("certificate", before.id);
    expect(entries.map((e) => e.action)).toEqual(["update", "delete"]);
    expect(entries[0]!.changes.imageUrl).toEqual({ from: "/uploads/a.webp", to: "/uploads/b.webp" });
    // An empty slot: nothing deleted, nothing recorded.
    expect(await asStaff(() => deleteCertificate(database.db, 1))).toBe(false);
    expect(await entriesOf("certificate", before.id)).toHaveLength(2);
  });

  it("records a policy's new version, and nothing for a save over a newer one", async () => {
    const admin = await createUser(database.db, { role: "admin", staffRole: "owner" });
    await asStaff(() =>
      savePolicyVersion(database.db, "terms", { body: "Terms one.", baseVersion: 0 }, admin.id),
    );
    await asStaff(() =>
      savePolicyVersion(database.db, "terms", { body: "Terms two.", baseVersion: 1 }, admin.id),
    );
    const stale = asStaff(() =>
      savePolicyVersion(database.db, "terms", { body: "Terms 3.", baseVersion: 1 }, admin.id),
    );
    await expect(stale).rejects.toThrow();
    const entries = await entriesOf("policy", "terms");
    expect(entries).toHaveLength(2);
    expect(entries[1]!.changes).toEqual({
      policyVersion: { from: 1, to: 2 },
      body: { from: "Terms one.", to: "Terms two." },
    });
  });
});

describe("catalog", () => {
  it("records a collection's products before → after and its deletion", async () => {
    const [a, b] = [await createProduct(database.db), await createProduct(database.db)];
    const c = await createCollection(database.db, { name: "Gifts", productIds: [a.id] });
    const input = {
      name: "Gifts",
      slug: "",
      description: "",
      imageUrl: "",
      seoTitle: "",
      seoDescription: "",
      published: true,
    };
    await asStaff(() => updateAdminCollection(database.db, c.id, { ...input, productIds: [a.id, b.id] }));
    await asStaff(() => deleteAdminCollection(database.db, c.id));
    const [update, remove] = await entriesOf("collection", c.id);
    expect(update).toMatchObject({ ...byStaff, action: "update", entityLabel: "Gifts" });
    expect(update!.changes.productIds).toEqual({ from: [a.id], to: [a.id, b.id] });
    expect(remove).toMatchObject({ action: "delete" });
  });

  it("records a bulk edit per product with the changed cells; a refused grid records nothing", async () => {
    const product = await createProduct(database.db, { name: "Grid" });
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const refused = asStaff(() =>
      saveBulkEdit(database.db, { changes: [{ variantId: variant!.id, field: "price", value: "-1" }] }, null),
    );
    await expect(refused).rejects.toThrow();
    expect(await entriesOf("product", product.id)).toEqual([]);
    await asStaff(() =>
      saveBulkEdit(
        database.db,
        { changes: [{ variantId: variant!.id, field: "price", value: "12.34" }] },
        null,
      ),
    );
    const [entry] = await entriesOf("product", product.id);
    expect(entry).toMatchObject({ ...byStaff, action: "bulk-edit", entityLabel: "Grid" });
    expect(entry!.changes[`${variant!.sku} priceCents`]).toEqual({ from: variant!.priceCents, to: 1234 });
  });

  it("records a product's copy as created, naming its source", async () => {
    const product = await createProduct(database.db, { name: "Original" });
    const copy = await asStaff(() => duplicateProduct(database.db, product.id));
    const [entry] = await entriesOf("product", copy!.id);
    expect(entry).toMatchObject({ ...byStaff, action: "duplicate", entityLabel: "Original (copy)" });
    expect(entry!.changes.name).toEqual({ from: null, to: "Original (copy)" });
    expect(entry!.changes.copiedFrom).toEqual({ from: null, to: `Original (${product.id})` });
  });

  it("records a catalog import run with its counts, and each product it created", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "audit-import-"));
    const csv = await readFile(
      path.join(import.meta.dirname, "../catalog-csv/fixtures/shopify-products.csv"),
    );
    const settings = { dataDir, publicUrl: "https://shop.example" };
    const preview = await asStaff(() =>
      previewCatalogUpload(database.db, settings, new File([csv], "p.csv")),
    );
    const report = await asStaff(() => applyCatalogUpload(database.db, settings, preview.token));
    const [run] = await entriesOf("import", preview.token);
    expect(run).toMatchObject({ ...byStaff, action: "import" });
    expect(run!.changes.created).toEqual({ from: null, to: report!.counts.created });
    expect(report!.counts.created).toBeGreaterThan(0);
    const created = await database.db
      .select()
      .from(auditEntries)
      .where(sql`${auditEntries.entityType} = 'product' and ${auditEntries.action} = 'create'`);
    expect(created.length).toBeGreaterThanOrEqual(report!.counts.created);
  });
});

describe("settings, reviews, subscriptions, authenticity", () => {
  it("records validity list codes added one by one, pasted and deleted; an existing code records nothing", async () => {
    await asStaff(() => addValidityCode(database.db, "zz-100"));
    expect(await asStaff(() => addValidityCode(database.db, "ZZ100"))).toMatchObject({ ok: false });
    const [created] = await database.db
      .select()
      .from(auditEntries)
      .where(sql`${auditEntries.entityType} = 'validity-code' and ${auditEntries.action} = 'create'`);
    expect(created).toMatchObject({ ...byStaff, entityLabel: "ZZ100" });
    await asStaff(() => addValidityCodes(database.db, ["ZZ100", "ZZ101", "ZZ102"]));
    const [pasted] = await entriesOf("validity-code", "list");
    expect(pasted).toMatchObject({ ...byStaff, action: "bulk-create" });
    expect(pasted!.changes.codes).toEqual({ from: null, to: ["ZZ101", "ZZ102"] });
    expect(await asStaff(() => deleteValidityCode(database.db, created!.entityId))).toBe(true);
    const [deleted] = await entriesOf("validity-code", created!.entityId).then((e) =>
      e.filter((entry) => entry.action === "delete"),
    );
    expect(deleted).toMatchObject({ ...byStaff, entityLabel: "ZZ100" });
  });

  it("records shipping zones and tax rates; a refused second default zone records nothing", async () => {
    await asStaff(() => saveTaxRate(database.db, { state: "NV", rate: 685, taxesShipping: false }));
    await asStaff(() => saveTaxRate(database.db, { state: "NV", rate: 700, taxesShipping: false }));
    const [created, changed] = await entriesOf("tax-rate", "NV");
    expect(created).toMatchObject({ ...byStaff, action: "create" });
    expect(changed!.changes.basisPoints).toEqual({ from: 685, to: 700 });

    const zone = { zoneName: "Alaska", states: ["AK"], rateName: "Remote", price: 1500, freeOver: null };
    await asStaff(() => saveShippingZone(database.db, "", zone));
    const refused = asStaff(() =>
      saveShippingZone(database.db, "", { ...zone, zoneName: "Whole US", states: [] }),
    );
    await expect(refused).rejects.toThrow();
    const zones = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityType, "shipping-zone"));
    expect(zones.map((z) => z.entityLabel)).toEqual(["Alaska"]);
    expect(zones[0]!.changes.price ?? zones[0]!.changes.priceCents).toEqual({ from: null, to: 1500 });
  });

  it("records a state zone's deletion; the default zone is never deleted and records nothing", async () => {
    await asStaff(() =>
      saveShippingZone(database.db, "", {
        zoneName: "Hawaii",
        states: ["HI"],
        rateName: "Island",
        price: 2500,
        freeOver: null,
      }),
    );
    const zones = await listShippingZones(database.db);
    const hawaii = zones.find((z) => z.zoneName === "Hawaii")!;
    await asStaff(() => deleteShippingZone(database.db, hawaii.id));
    expect((await entriesOf("shipping-zone", hawaii.id)).map((e) => e.action)).toEqual(["create", "delete"]);
    // The migrated shop has its default zone (the states no other zone names).
    const fallback = zones.find((z) => z.states.length === 0)!;
    await expect(asStaff(() => deleteShippingZone(database.db, fallback.id))).rejects.toThrow();
    expect(await listShippingZones(database.db)).toContainEqual(expect.objectContaining({ id: fallback.id }));
    expect((await entriesOf("shipping-zone", fallback.id)).map((e) => e.action)).not.toContain("delete");
  });

  it("records a review's moderation; a flagged review refused without the tick records nothing", async () => {
    const product = await createProduct(database.db);
    const author = await createUser(database.db);
    const review = await createReview(database.db, {
      productId: product.id,
      userId: author.id,
      status: "pending",
      body: "Cured my anxiety!",
    });
    const refused = asStaff(() =>
      moderateReview(database.db, { intent: "approve", id: review.id, claimsChecked: false }),
    );
    await expect(refused).rejects.toThrow();
    expect(await entriesOf("review", review.id)).toEqual([]);
    await asStaff(() =>
      moderateReview(database.db, { intent: "approve", id: review.id, claimsChecked: true }),
    );
    const [entry] = await entriesOf("review", review.id);
    expect(entry).toMatchObject({ ...byStaff, action: "moderate" });
    expect(entry!.changes.status).toEqual({ from: "pending", to: "approved" });
  });

  it("records a subscription's cancel and price change; an unchanged price records nothing", async () => {
    const user = await createUser(database.db);
    const sub = await createSubscription(database.db, { userId: user.id });
    const mailer = recordingMailer("https://shop.example");
    const schedule = (price: number) =>
      asStaff(() =>
        schedulePriceChange(database.db, mailer, {
          subscriptionId: sub.id,
          unitPrices: [price],
          noticeDays: 14,
          adminId: null,
        }),
      );
    await expect(schedule(sub.items[0]!.unitPriceCents)).rejects.toThrow("Enter a different price");
    expect(await entriesOf("subscription", sub.id)).toEqual([]);
    await schedule(9999);
    const provider = () => ({ cancelSubscription: async () => null });
    await asStaff(() => cancelSubscriptionAtPeriodEnd(database.db, provider, { subscriptionId: sub.id }));
    const [price, cancel] = await entriesOf("subscription", sub.id);
    expect(price).toMatchObject({ ...byStaff, action: "price-change" });
    expect(price!.changes.monthlyCents).toEqual({ from: 7649, to: 8499 });
    expect(cancel).toMatchObject({ action: "cancel" });
    expect(cancel!.changes.cancelAtPeriodEnd).toEqual({ from: false, to: true });
  });

  it("records a batch's edit and its serials; a duplicate batch number or a verified serial records nothing", async () => {
    const batch = await createBatch(database.db, { labName: "Lab A" });
    const other = await createBatch(database.db);
    const input = {
      productName: batch.productName,
      batchNumber: batch.batchNumber,
      producedOn: batch.producedOn,
      expiresOn: batch.expiresOn,
      labName: "Lab B",
      testedOn: undefined,
    };
    await expect(
      asStaff(() => updateBatch(database.db, batch.id, { ...input, batchNumber: other.batchNumber }, null)),
    ).rejects.toThrow();
    expect(await entriesOf("batch", batch.id)).toEqual([]);
    await asStaff(() => updateBatch(database.db, batch.id, input, null));
    await asStaff(() => generateSerials(database.db, batch.id, 3));
    const [serial] = await database.db.select().from(serials).where(eq(serials.batchId, batch.id));
    await database.db.update(serials).set({ firstVerifiedAt: new Date() }).where(eq(serials.id, serial!.id));
    const actor = { batchId: batch.id, actorId: null };
    await expect(asStaff(() => deleteUnverifiedSerial(database.db, actor, serial!.code))).rejects.toThrow();
    const [edit, generated, ...rest] = await entriesOf("batch", batch.id);
    expect(edit).toMatchObject({ ...byStaff, action: "update", entityLabel: batch.batchNumber });
    expect(edit!.changes.labName).toEqual({ from: "Lab A", to: "Lab B" });
    expect(generated).toMatchObject({ action: "serials" });
    expect(generated!.changes.generated).toEqual({ from: null, to: 3 });
    expect(rest).toEqual([]);
  });

  it("records a creator's invitation link and its revocation, never the link itself", async () => {
    const creator = await createContentCreator(database.db, { email: "invitee@example.com" });
    let mailed = "";
    const mailer = {
      delivers: true,
      send: async (m: { props: { url: string } }) => {
        mailed = m.props.url;
      },
    } as unknown as Mailer;
    const sent = await asStaff(() => inviteCreator(database.db, mailer, "https://shop.example", creator.id));
    expect(sent).toEqual({ emailed: true, shownUrl: null });
    expect(await asStaff(() => revokeCreatorInvitation(database.db, creator.id))).toBe(true);
    // Nothing left to revoke: nothing recorded.
    expect(await asStaff(() => revokeCreatorInvitation(database.db, creator.id))).toBe(false);
    const entries = await entriesOf("creator", creator.id);
    expect(entries.map((e) => e.action)).toEqual(["invite", "revoke-link"]);
    expect(entries[0]).toMatchObject(byStaff);
    const token = mailed.split("token=")[1]!;
    expect(token).toHaveLength(43);
    expect(JSON.stringify(entries)).not.toContain(token);
  });
});
