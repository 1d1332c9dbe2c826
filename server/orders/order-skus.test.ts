import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems, orders, products } from "../db/schema/index.ts";
import { listAdminOrders } from "./admin-list.ts";
import type { OrderFilter } from "./order-filter.ts";

/**
 * What the filter reads besides the order's own columns stays in step with the writes that change
 * it: orders.skus and orders.product_ids, kept by the order_items_keep_lists trigger (migrations
 * 0056 and 0059). The refunded states
 * are tested with refunds (server/refunds/refund-filter.test.ts).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const ids = async (filter: OrderFilter) =>
  (await listAdminOrders(database.db, { filter })).orders.map((o) => o.id);

const line = (orderId: string, sku: string | null) => ({
  orderId,
  name: "Resin",
  sku,
  unitPriceCents: 5999,
  quantity: 1,
  lineTotalCents: 5999,
});

const skusOf = async (orderId: string) =>
  (await database.db.select({ skus: orders.skus }).from(orders).where(eq(orders.id, orderId)))[0]?.skus;

describe("the SKUs an order is found by", () => {
  it("are its items' SKUs as written, changed and removed", async () => {
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    const [first] = await database.db
      .insert(orderItems)
      .values([line(order.id, "SYNC-B"), line(order.id, "sync-a"), line(order.id, null)])
      .returning({ id: orderItems.id });
    expect(await skusOf(order.id)).toEqual(["sync-a", "sync-b"]);
    expect(await ids({ sku: "Sync-B" })).toEqual([order.id]);

    await database.db.update(orderItems).set({ sku: "SYNC-C" }).where(eq(orderItems.id, first!.id));
    expect(await ids({ sku: "sync-b" })).toEqual([]);
    expect(await ids({ sku: "sync-c" })).toEqual([order.id]);

    await database.db.delete(orderItems).where(eq(orderItems.id, first!.id));
    expect(await skusOf(order.id)).toEqual(["sync-a"]);
    expect(await ids({ sku: "sync-c" })).toEqual([]);
  });

  it("are found once the order is paid, and a SKU shared by two items is listed once", async () => {
    const order = await createOrder(database.db, { paymentStatus: "unpaid" });
    await database.db.insert(orderItems).values([line(order.id, "SYNC-TWICE"), line(order.id, "sync-twice")]);
    expect(await ids({ sku: "sync-twice" })).toEqual([]);
    await database.db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, order.id));
    expect(await skusOf(order.id)).toEqual(["sync-twice"]);
    expect(await ids({ sku: "SYNC-TWICE" })).toEqual([order.id]);
  });
});

describe("the products an order is found by", () => {
  const productsOf = async (orderId: string) =>
    (await database.db.select({ ids: orders.productIds }).from(orders).where(eq(orders.id, orderId)))[0]?.ids;

  it("are its items' products as written, moved to another product and deleted", async () => {
    const [first, second] = [await createProduct(database.db), await createProduct(database.db)];
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    const [item] = await database.db
      .insert(orderItems)
      .values([
        { ...line(order.id, "P-1"), productId: first!.id },
        { ...line(order.id, "P-1B"), productId: first!.id },
      ])
      .returning({ id: orderItems.id });
    expect(await productsOf(order.id)).toEqual([first!.id]);
    expect(await ids({ product: first!.id })).toEqual([order.id]);
    expect(await ids({ product: second!.id })).toEqual([]);

    await database.db.update(orderItems).set({ productId: second!.id }).where(eq(orderItems.id, item!.id));
    expect(await ids({ product: second!.id })).toEqual([order.id]);
    expect(await ids({ product: first!.id })).toEqual([order.id]);

    // Deleting a product keeps its orders (the items' product_id is set null) and the list follows.
    await database.db.delete(products).where(eq(products.id, second!.id));
    expect(await productsOf(order.id)).toEqual([first!.id]);
    expect(await ids({ product: second!.id })).toEqual([]);
  });
});
