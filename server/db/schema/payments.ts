import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { type Buyer, orders, paymentMethod } from "./orders.ts";

export const sandboxSessionStatus = pgEnum("sandbox_session_status", [
  "open",
  "completed",
  "canceled",
  "expired",
]);

/**
 * Hosted-checkout sessions of the built-in sandbox provider (used when no Stripe/PayPal keys are set).
 * The id is the public session id / token in the return URL.
 */
export const sandboxSessions = pgTable(
  "sandbox_sessions",
  {
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: paymentMethod("method").notNull(),
    status: sandboxSessionStatus("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Who paid (the hosted page's form), as a real provider would report it. */
    buyer: jsonb("buyer").$type<Buyer>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_sessions_order_idx").on(t.orderId),
    index("sandbox_sessions_expiry_idx").on(t.status, t.expiresAt),
  ],
);
