import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { orders } from "./orders.ts";

/**
 * One row per order whose customer was invited to review (docs/reviews.md). The primary key is
 * the claim: on delivery or by the shipped-7-days job, whichever inserts it sends the email.
 */
export const reviewInvitations = pgTable("review_invitations", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** "delivered" (the status change) or "shipped" (the job, for orders never marked delivered). */
  via: text("via").notNull(),
  createdAt: createdAt(),
});
