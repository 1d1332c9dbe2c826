import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingCsvRows } from "../../core/orders/bulk-orders.ts";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { bulkOrderItems, mailOutbox, orderItems, orders } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { claimDueStatusNotices } from "../orders/status-notices.ts";
import { applyPreviewed, bulkProgress, createBulkRequest } from "./requests.ts";
import { runBulkRequest } from "./run.ts";
import { resolveSelection } from "./selection.ts";
import { packingSlips } from "./slips.ts";
import { previewShipments } from "./tracking-preview.ts";
import { undoBulkStatus } from "./undo.ts";

let database: TestDatabase;
let mailer: ReturnType<typeof createMailer>;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createMailer({ db: database.db, log: createLogger("silent"), from: "Shop <shop@example.com>" });
});
afterAll(() => database.destroy());

const deps = () => ({ db: database.db, mailer });
let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;

async function paidOrder(email: string, sku = "PR-30") {
  const order = await createOrder(database.db, { paymentStatus: "paid", email, name: "Sam" });
  await database.db.insert(orderItems).values({
    orderId: order.id,
    name: "Pure Resin",
    weight: "30g",
    sku,
    unitPriceCents: 5999,
    quantity: 2,
    lineTotalCents: 11998,
  });
  return order;
}

const emailsTo = (to: string[]) =>
  database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));

async function shipFromCsv(csv: string, selected: string[] | null, requestKey = key()) {
  const rows = await previewShipments(database.db, trackingCsvRows(csv), selected);
  const valid = rows.filter((r) => !r.error);
  const { request } = await createBulkRequest(database.db, {
    key: requestKey,
    kind: "ship",
    actorId: null,
    state: "previewed",
    items: valid.map((r) => ({ orderId: r.orderId as string, position: r.line, shipment: r.shipment })),
  });
  return { rows, request };
}

describe("bulk ship from a tracking CSV", () => {
  it("previews per-row errors, ships the rest once, and a second apply changes nothing", async () => {
    const a = await paidOrder("bulk-a@example.com");
    const b = await paidOrder("bulk-b@example.com");
    const cancelled = await paidOrder("bulk-c@example.com");
    await database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled.id));
    const csv = [
      "Order number,Carrier,Tracking number",
      `${a.number},UPS,1Z999AA10123456784`,
      `#${b.number},usps,9400111899223856927`,
      `${b.number},usps,9400111899223856928`,
      `${cancelled.number},UPS,1Z999AA10123456785`,
      "99999999,UPS,1Z999AA10123456786",
      `${a.number}x,UPS,1Z`,
      `"${a.number}",=HYPERLINK("http://evil"),1Z999AA10123456787`,
    ].join("\r\n");
    const { rows, request } = await shipFromCsv(csv, null);
    expect(rows.map((r) => r.error)).toEqual([
      null,
      null,
      `Order #${b.number} is already on line 3`,
      `Order #${cancelled.number} is cancelled`,
      "No paid order #99999999",
      "Order number must be a number like 1001",
      `Order #${a.number} is already on line 2`,
    ]);
    expect(request.total).toBe(2);

    // Nothing changed before Apply.
    expect((await database.db.select().from(orders).where(eq(orders.id, a.id)))[0]?.status).toBe("pending");
    await applyPreviewed(database.db, request.id);
    await runBulkRequest(deps(), request.id);
    await applyPreviewed(database.db, request.id);
    await runBulkRequest(deps(), request.id);
    // The same file uploaded and applied again: the orders are shipped already, nobody is emailed again.
    const again = await shipFromCsv(csv, null);
    await applyPreviewed(database.db, again.request.id);
    await runBulkRequest(deps(), again.request.id);
    await mailer.idle();

    const shipped = await database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [a.id, b.id]));
    expect(shipped.map((o) => [o.status, o.trackingNumber]).sort()).toEqual([
      ["shipped", "1Z999AA10123456784"],
      ["shipped", "9400111899223856927"],
    ]);
    const mail = await emailsTo(["bulk-a@example.com", "bulk-b@example.com", "bulk-c@example.com"]);
    expect(mail.map((m) => m.subject).sort()).toEqual(
      [`Order #${a.number} has shipped`, `Order #${b.number} has shipped`].sort(),
    );
    expect(await bulkProgress(database.db, request.id)).toMatchObject({
      state: "done",
      total: 2,
      done: 2,
      failed: 0,
    });
    expect((await bulkProgress(database.db, again.request.id))?.state).toBe("done");
  });

  it("flags rows for orders outside the selection", async () => {
    const a = await paidOrder("bulk-sel@example.com");
    const other = await paidOrder("bulk-other@example.com");
    const rows = await previewShipments(
      database.db,
      trackingCsvRows(`${a.number},DHL,1234567890\n${other.number},DHL,1234567891`),
      [a.id],
    );
    expect(rows.map((r) => r.error)).toEqual([null, `Order #${other.number} is not selected`]);
  });
});

describe("bulk status change", () => {
  it("holds the emails a minute like the dropdown, and a bulk undo puts every order back", async () => {
    const a = await paidOrder("undo-a@example.com");
    const b = await paidOrder("undo-b@example.com");
    const ids = await resolveSelection(database.db, {
      orderIds: [a.id, b.id, b.id, "not-an-id", crypto.randomUUID()],
    });
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    const { request } = await createBulkRequest(database.db, {
      key: key(),
      kind: "status",
      status: "processing",
      actorId: null,
      state: "queued",
      items: ids.map((orderId, i) => ({ orderId, position: i + 1 })),
    });
    await runBulkRequest(deps(), request.id);
    expect(await undoBulkStatus(database.db, request.id)).toEqual({ undone: 2, tooLate: 0 });
    const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => o.status)).toEqual(["pending", "pending"]);
    expect(await claimDueStatusNotices(database.db, new Date(Date.now() + 120_000))).toEqual([]);
  });

  it("a double submit (the same key) is one request", async () => {
    const a = await paidOrder("twice@example.com");
    const k = key();
    const input = {
      key: k,
      kind: "status" as const,
      status: "processing" as const,
      actorId: null,
      state: "queued" as const,
    };
    const first = await createBulkRequest(database.db, { ...input, items: [{ orderId: a.id, position: 1 }] });
    const second = await createBulkRequest(database.db, {
      ...input,
      items: [{ orderId: a.id, position: 1 }],
    });
    expect(second).toMatchObject({ created: false, request: { id: first.request.id } });
    const items = await database.db
      .select()
      .from(bulkOrderItems)
      .where(eq(bulkOrderItems.requestId, first.request.id));
    expect(items).toHaveLength(1);
  });
});

describe("packing slips", () => {
  it("gives every selected order's slip and the pick list summed per SKU", async () => {
    const a = await paidOrder("slip-a@example.com", "PR-30");
    const b = await paidOrder("slip-b@example.com", "PR-30");
    const c = await paidOrder("slip-c@example.com", "PR-60");
    const { request } = await createBulkRequest(database.db, {
      key: key(),
      kind: "selection",
      actorId: null,
      state: "done",
      items: [a, b, c].map((o, i) => ({ orderId: o.id, position: i + 1 })),
    });
    const document = await packingSlips(database.db, request.id);
    expect(document?.orders.map((o) => o.id)).toEqual([a.id, b.id, c.id]);
    expect(document?.pickList).toEqual([
      { sku: "PR-30", name: "Pure Resin 30g", quantity: 4 },
      { sku: "PR-60", name: "Pure Resin 30g", quantity: 2 },
    ]);
  });
});
