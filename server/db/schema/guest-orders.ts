import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt } from "./columns.ts";

/**
 * Guest orders just attached to an account (decision 037), waiting to be announced once:
 * "Your 2 earlier orders are now in My Orders". The row is taken (deleted) when the message shows.
 */
export const attachedOrderNotices = pgTable("attached_order_notices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  orderCount: integer("order_count").notNull(),
  createdAt: createdAt(),
});
