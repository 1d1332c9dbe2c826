import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * Internal notes on an order ("customer called, hold until Monday"): staff only, never in anything
 * the customer sees (emails, the account, the status link). The author's name is kept as written
 * at the time, so a note still says who wrote it after their account is gone.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The order page's notes, and "has a note" in the orders filter (an index-only probe per order).
    index("order_notes_order_idx").on(t.orderId, t.createdAt),
    check("order_notes_body_length", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * A saved orders filter ("Unfulfilled subscriptions"): the query string of /admin/orders under a
 * name. Private to the staff member who saved it, or shared with every staff member who can see
 * orders. Names are unique per owner among private views, and among shared views.
 */
export const orderViews = pgTable(
  "order_views",
  {
    id: id(),
    name: text("name").notNull(),
    /** The filter as URL parameters (normalised by server/orders/order-filter.ts). */
    query: text("query").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_views_private_name_idx")
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`not ${t.shared}`),
    uniqueIndex("order_views_shared_name_idx").on(sql`lower(${t.name})`).where(sql`${t.shared}`),
    check("order_views_name_length", sql`char_length(${t.name}) between 1 and 60`),
  ],
);
