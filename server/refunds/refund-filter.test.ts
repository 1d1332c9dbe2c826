import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { refunds } from "../db/schema/index.ts";
import { listAdminOrders } from "../orders/admin-list.ts";
import type { OrderFilter } from "../orders/order-filter.ts";
import { recordRefund } from "./record.ts";

/**
 * The admin filter's refunded states follow counted refunds: read from refunded_cents against the
 * total through their own partial indexes (migrations 0056, 0057), not from a stored state.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const ids = async (filter: OrderFilter) =>
  (await listAdminOrders(database.db, { filter })).orders.map((o) => o.id);

describe("the refunded states", () => {
  const refund = (orderId: string, amountCents: number) =>
    database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(refunds)
        .values({ orderId, amountCents, reason: "Test", provider: "stripe", source: "admin" })
        .returning();
      await recordRefund(tx, row!.id, null);
    });

  it("move from paid to partially refunded to refunded as refunds are counted", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid", status: "delivered" });
    const total = order.totalCents;
    expect(await ids({ payment: "paid", status: ["delivered"] })).toContain(order.id);

    await refund(order.id, 100);
    expect(await ids({ payment: "paid", status: ["delivered"] })).not.toContain(order.id);
    expect(await ids({ payment: "partially_refunded" })).toEqual([order.id]);
    expect(await ids({ payment: "refunded" })).toEqual([]);

    await refund(order.id, total - 100);
    expect(await ids({ payment: "partially_refunded" })).toEqual([]);
    expect(await ids({ payment: "refunded", status: ["delivered"] })).toEqual([order.id]);
  });
});
