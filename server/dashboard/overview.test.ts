import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContactMessage, createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { deleteContactMessage, listContactMessages } from "../contact/admin-contacts.ts";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { contactMessages, orderItems, orders } from "../db/schema/index.ts";
import { getDashboardOverview } from "./overview.ts";

let database: TestDatabase;
const now = new Date("2025-06-15T15:00:00Z");
const startOfToday = new Date("2025-06-15T00:00:00Z");
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const resin = await createProduct(db, { name: "Pure Resin", createdAt: at("2025-06-15T09:00:00Z") });
  await createProduct(db, { name: "Old Drops", createdAt: at("2025-05-01T09:00:00Z") });
  await createProduct(db, { name: "Older", createdAt: at("2025-04-01T09:00:00Z") });
  await createProduct(db, { name: "Oldest", createdAt: at("2025-03-01T09:00:00Z") });
  const today = await createOrder(db, {
    paymentStatus: "paid",
    name: "Maya Lee",
    totalCents: 9998,
    createdAt: at("2025-06-15T10:00:00Z"),
  });
  await createOrder(db, { paymentStatus: "paid", totalCents: 2500, createdAt: at("2025-06-10T10:00:00Z") });
  await createOrder(db, { paymentStatus: "paid", totalCents: 1000, createdAt: at("2025-04-01T10:00:00Z") });
  await createOrder(db, { name: "Unpaid Today", totalCents: 700, createdAt: at("2025-06-15T11:00:00Z") });
  await db.insert(orderItems).values([
    {
      orderId: today.id,
      productId: resin.id,
      name: "Pure Resin",
      unitPriceCents: 4999,
      quantity: 2,
      lineTotalCents: 9998,
    },
  ]);
  await createContactMessage(db, {
    name: "Jordan",
    email: "j@example.com",
    createdAt: at("2025-06-15T12:00:00Z"),
  });
  await createContactMessage(db, { name: "Old Contact", createdAt: at("2025-01-01T12:00:00Z") });
});
afterAll(() => database.destroy());

describe("getDashboardOverview", () => {
  it("counts products, paid orders and contact messages", async () => {
    const { totals } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(totals).toEqual({ products: 4, orders: 3, contacts: 2 });
  });

  it("merges today's paid orders, the latest 3 products and 3 contacts, newest first, 5 entries", async () => {
    const { recentActivity } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(recentActivity.map((a) => [a.event, a.user])).toEqual([
      ["New contact message", "Jordan (j@example.com)"],
      [expect.stringMatching(/^New order #\d{4,}$/), "Maya Lee"],
      ["Product added: Pure Resin", "Admin"],
      ["Product added: Old Drops", "Admin"],
      ["Product added: Older", "Admin"],
    ]);
  });

  it("has 30 days of revenue with empty days as zero, and the top products by quantity", async () => {
    const { sales, topProducts } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(sales).toHaveLength(30);
    expect(sales.at(-1)).toEqual({ day: "2025-06-15", revenueCents: 9998, orders: 1 });
    expect(sales.find((d) => d.day === "2025-06-10")).toEqual({
      day: "2025-06-10",
      revenueCents: 2500,
      orders: 1,
    });
    expect(sales[0]!.day).toBe("2025-05-17");
    expect(sales.reduce((s, d) => s + d.orders, 0)).toBe(2);
    expect(topProducts).toEqual([{ name: "Pure Resin", quantity: 2, revenueCents: 9998 }]);
  });
});

describe("order counters kept by the order triggers", () => {
  /** The dashboard's figures counted the slow way, straight from orders and items. */
  async function countedFromOrders(db: Db) {
    const [totals] = rowsOf<{ orders: number }>(
      await db.execute(sql`select count(*)::int as orders from orders where payment_status = 'paid'`),
    );
    const days = rowsOf<{ day: string; orders: number; revenue: number }>(
      await db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as orders,
               sum(total_cents - refunded_cents)::int as revenue
        from orders where payment_status = 'paid' and created_at >= ${"2025-05-17"}::date group by 1`),
    );
    const top = rowsOf<{ name: string; quantity: number; revenue: number }>(
      await db.execute(sql`
        select i.name, sum(i.quantity)::int as quantity, sum(i.line_total_cents)::int as revenue
        from order_items i join orders o on o.id = i.order_id where o.payment_status = 'paid'
        group by i.name order by 2 desc, 1 limit 5`),
    );
    return {
      orders: totals!.orders,
      sales: Object.fromEntries(days.map((d) => [d.day, { revenueCents: d.revenue, orders: d.orders }])),
      topProducts: top.map((t) => ({ name: t.name, quantity: t.quantity, revenueCents: t.revenue })),
    };
  }

  async function expectCountersExact(db: Db) {
    const overview = await getDashboardOverview(db, { now, startOfToday });
    const exact = await countedFromOrders(db);
    expect(overview.totals.orders).toBe(exact.orders);
    expect(
      Object.fromEntries(
        overview.sales
          .filter((d) => d.orders !== 0 || d.revenueCents !== 0)
          .map((d) => [d.day, { revenueCents: d.revenueCents, orders: d.orders }]),
      ),
    ).toEqual(exact.sales);
    expect(overview.topProducts).toEqual(exact.topProducts);
  }

  const item = (orderId: string, name: string, quantity: number) => ({
    orderId,
    name,
    unitPriceCents: 1000,
    quantity,
    lineTotalCents: quantity * 1000,
  });

  it("stay exact through payment, changes, renewals, refusals and deletion", async () => {
    const db = database.db;
    // Checkout: unpaid order with items, then fulfilment marks it paid.
    const checkout = await createOrder(db, { totalCents: 3000, createdAt: at("2025-06-14T08:00:00Z") });
    await db.insert(orderItems).values([item(checkout.id, "Drops", 2), item(checkout.id, "Resin", 1)]);
    await expectCountersExact(db);
    await db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, checkout.id));
    await expectCountersExact(db);
    // A renewal: inserted as paid, items afterwards.
    const renewal = await createOrder(db, {
      paymentStatus: "paid",
      totalCents: 4000,
      createdAt: at("2025-06-15T09:30:00Z"),
    });
    await db.insert(orderItems).values([item(renewal.id, "Drops", 4)]);
    await expectCountersExact(db);
    // Changes to a paid order and its items move its share.
    await db.update(orders).set({ totalCents: 3500 }).where(eq(orders.id, checkout.id));
    await db
      .update(orderItems)
      .set({ quantity: 3, lineTotalCents: 3000 })
      .where(eq(orderItems.orderId, renewal.id));
    await db
      .update(orders)
      .set({ createdAt: at("2025-06-12T08:00:00Z") })
      .where(eq(orders.id, checkout.id));
    await expectCountersExact(db);
    // A refund takes its amount off the day's revenue (decision 034); the order still counts.
    await db.update(orders).set({ refundedCents: 500 }).where(eq(orders.id, checkout.id));
    await expectCountersExact(db);
    // Leaving 'paid' takes it back; deleting a paid order (with its items) too.
    await db.update(orders).set({ paymentStatus: "failed" }).where(eq(orders.id, checkout.id));
    await expectCountersExact(db);
    await db.delete(orders).where(eq(orders.id, renewal.id));
    await expectCountersExact(db);
    // Other changes to a paid order leave the counters alone.
    await db.update(orders).set({ status: "shipped", name: "Renamed" }).where(eq(orders.id, checkout.id));
    await expectCountersExact(db);
  });

  it("are rebuilt from the orders by rebuild_order_stats (bulk loads)", async () => {
    const db = database.db;
    const before = await getDashboardOverview(db, { now, startOfToday });
    await db.execute(sql`delete from order_daily_stats`);
    await db.execute(sql`select rebuild_order_stats()`);
    expect(await getDashboardOverview(db, { now, startOfToday })).toEqual(before);
  });
});

describe("contact messages", () => {
  it("lists newest first and deletes one", async () => {
    const list = await listContactMessages(database.db);
    expect(list.map((c) => c.name)).toEqual(["Jordan", "Old Contact"]);
    expect(await deleteContactMessage(database.db, list[1]!.id)).toBe(true);
    expect(await deleteContactMessage(database.db, list[1]!.id)).toBe(false);
    expect(await database.db.$count(contactMessages)).toBe(1);
  });
});
