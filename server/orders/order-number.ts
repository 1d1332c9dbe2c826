import { sql } from "drizzle-orm";

/**
 * The next short order number (#1001, #1002…) from the one PostgreSQL sequence, so numbers stay
 * unique across instances. Set when an order becomes paid: unpaid attempts draw none.
 */
export const nextOrderNumber = () => sql<number>`nextval('order_number_seq')`;

/** How an order is named to people: its short number, or the id's first 8 characters before it has one. */
export function orderLabel(order: { id: string; number: number | null }): string {
  return order.number != null ? String(order.number) : order.id.slice(0, 8);
}
