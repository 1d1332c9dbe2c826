import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { fulfilmentStatus, orders } from "./orders.ts";

/**
 * The customer's email about an admin's status change, held for a minute so the change can be
 * undone before anyone is told (docs/fulfilment.md). One per order: a second change within the minute
 * replaces it. The background sends and deletes it once `due_at` has passed; an undo deletes it.
 */
export const orderStatusNotices = pgTable(
  "order_status_notices",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The status the email announces. */
    status: fulfilmentStatus("status").notNull(),
    /** The status before the change: what an undo puts back. */
    previousStatus: fulfilmentStatus("previous_status").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_notices_due_idx").on(t.dueAt)],
);
