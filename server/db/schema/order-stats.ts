import { bigint, date, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/*
 * Running totals of paid orders for the admin dashboard (decision 014). Written only by the
 * triggers of the order_stats_triggers migration (hand-written SQL), in the same transaction as the order or item
 * that changed, so they are exact. Each order adds to one of 8 slots (by a hash of its id), so
 * concurrent fulfilments rarely wait on the same row; readers sum the slots.
 */

/** Paid orders and their revenue per UTC day of the order's creation. */
export const orderDailyStats = pgTable(
  "order_daily_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/** Quantity sold and revenue per item name, over all paid orders. */
export const productSalesStats = pgTable(
  "product_sales_stats",
  {
    name: text("name").notNull(),
    slot: smallint("slot").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
