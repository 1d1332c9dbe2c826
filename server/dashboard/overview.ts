import { and, count, desc, eq, gt, gte, sum } from "drizzle-orm";
import { orderLabel } from "../../core/orders/order-number.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, orderDailyStats, orders, productSalesStats, products } from "../db/schema/index.ts";
import { type LowStockVariant, listLowStock } from "../stock/low-stock.ts";

export type ActivityEntry = { kind: "order" | "product" | "contact"; event: string; user: string; at: Date };
export type DailySales = { day: string; revenueCents: number; orders: number };
export type TopProduct = { name: string; quantity: number; revenueCents: number };

export type DashboardOverview = {
  totals: { products: number; orders: number; contacts: number };
  recentActivity: ActivityEntry[];
  sales: DailySales[];
  topProducts: TopProduct[];
  /** Tracked variants at or under their low-stock threshold (docs/stock.md). */
  lowStock: LowStockVariant[];
};

const paid = eq(orders.paymentStatus, "paid");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the dashboard shows. `startOfToday` is the shop's local midnight (today's orders);
 * the sales chart covers the 30 days ending today (UTC days), with empty days as zero.
 */
export async function getDashboardOverview(
  db: Db,
  { now = new Date(), startOfToday = localMidnight(now) }: { now?: Date; startOfToday?: Date } = {},
): Promise<DashboardOverview> {
  const firstDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS,
  );
  const [
    [productCount],
    [orderCount],
    [contactCount],
    todaysOrders,
    latestProducts,
    latestContacts,
    daily,
    top,
    lowStock,
  ] = await Promise.all([
    db.select({ n: count() }).from(products),
    // Paid-order totals come from the counters the order triggers keep (decision 014): reading
    // them costs the same at ten orders and at a million.
    db.select({ n: sum(orderDailyStats.orders).mapWith(Number) }).from(orderDailyStats),
    db.select({ n: count() }).from(contactMessages),
    db
      .select({
        id: orders.id,
        number: orders.number,
        name: orders.name,
        email: orders.email,
        at: orders.createdAt,
      })
      .from(orders)
      .where(and(paid, gte(orders.createdAt, startOfToday)))
      .orderBy(desc(orders.createdAt))
      .limit(5),
    db
      .select({ name: products.name, at: products.createdAt })
      .from(products)
      .orderBy(desc(products.createdAt))
      .limit(3),
    db
      .select({ name: contactMessages.name, email: contactMessages.email, at: contactMessages.createdAt })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(3),
    db
      .select({
        day: orderDailyStats.day,
        revenue: sum(orderDailyStats.revenueCents).mapWith(Number),
        orders: sum(orderDailyStats.orders).mapWith(Number),
      })
      .from(orderDailyStats)
      .where(gte(orderDailyStats.day, firstDay.toISOString().slice(0, 10)))
      .groupBy(orderDailyStats.day),
    db
      .select({
        name: productSalesStats.name,
        quantity: sum(productSalesStats.quantity).mapWith(Number),
        revenue: sum(productSalesStats.revenueCents).mapWith(Number),
      })
      .from(productSalesStats)
      .groupBy(productSalesStats.name)
      .having(gt(sum(productSalesStats.quantity), 0))
      .orderBy(desc(sum(productSalesStats.quantity)), productSalesStats.name)
      .limit(5),
    listLowStock(db),
  ]);

  const recentActivity: ActivityEntry[] = [
    ...todaysOrders.map((o) => ({
      kind: "order" as const,
      event: `New order #${orderLabel(o)}`,
      user: o.name || o.email || "Guest",
      at: o.at,
    })),
    ...latestProducts.map((p) => ({
      kind: "product" as const,
      event: `Product added: ${p.name}`,
      user: "Admin",
      at: p.at,
    })),
    ...latestContacts.map((c) => ({
      kind: "contact" as const,
      event: "New contact message",
      user: `${c.name} (${c.email})`,
      at: c.at,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, 5);

  const byDay = new Map(daily.map((d) => [d.day, d]));
  const sales = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, revenueCents: row?.revenue ?? 0, orders: row?.orders ?? 0 };
  });

  return {
    totals: { products: productCount?.n ?? 0, orders: orderCount?.n ?? 0, contacts: contactCount?.n ?? 0 },
    recentActivity,
    sales,
    topProducts: top.map((t) => ({ name: t.name, quantity: t.quantity, revenueCents: t.revenue })),
    lowStock,
  };
}

function localMidnight(now: Date) {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
