import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orderItems, orders, paymentProvider } from "../db/schema/index.ts";
import { isStatusTokenShape } from "./status-token.ts";

export type OrderView = typeof orders.$inferSelect & { items: (typeof orderItems.$inferSelect)[] };

async function withItems(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.name));
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
}

/** A customer's own paid orders, newest first (unpaid and expired orders never show). */
export async function listCustomerOrders(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, "paid")))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}

/**
 * One of the customer's own paid orders with its items, or null: another customer's order, an
 * unpaid one, an unknown id and a value that is not an id all look the same (not found).
 */
export async function getCustomerOrder(db: Db, userId: string, orderId: string): Promise<OrderView | null> {
  if (!isUuid(orderId)) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.paymentStatus, "paid")));
  return (await withItems(db, rows))[0] ?? null;
}

/**
 * The order a provider session / token belongs to, or null. Sessions are unique per provider;
 * naming every provider lets the (provider, session) index answer without knowing which one.
 */
export async function getOrderForSession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.provider, paymentProvider.enumValues), eq(orders.providerSessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

/** An order row with its items. */
export async function withOrderItems(db: Db, row: typeof orders.$inferSelect): Promise<OrderView> {
  return (await withItems(db, [row]))[0]!;
}

/** One paid order with its items, or null. */
export async function getPaidOrder(db: Db, orderId: string): Promise<OrderView | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid")));
  return (await withItems(db, rows))[0] ?? null;
}

/**
 * The paid order a status link names (decision 037), or null: an unknown token, an unpaid order
 * and a value that cannot be a token all look the same (not found).
 */
export async function getOrderByStatusToken(db: Db, token: string): Promise<OrderView | null> {
  if (!isStatusTokenShape(token)) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.statusToken, token), eq(orders.paymentStatus, "paid")));
  return (await withItems(db, rows))[0] ?? null;
}
