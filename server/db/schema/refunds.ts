import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { orders, paymentProvider } from "./orders.ts";

/** pending: asked of the provider, not yet counted; succeeded: counted in orders.refunded_cents. */
export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);
/** Who started it: an admin in our back office, or someone in the provider's own dashboard. */
export const refundSource = pgEnum("refund_source", ["admin", "provider"]);

/** One refunded order line: which item, which variant (for restocking), how many units. */
export type RefundLine = { orderItemId: string; variantId: string | null; quantity: number };

/**
 * Money given back on a paid order (docs/refunds.md). A pending row already holds its amount
 * against what is left to refund, so two refunds at once cannot both take the same cents.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** The lines refunded when refunded by lines; empty for a refund by amount. */
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    provider: paymentProvider("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    status: refundStatus("status").notNull().default("pending"),
    /** The admin form's key (a double click or a retried request refunds once); null from webhooks. */
    idempotencyKey: text("idempotency_key"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    source: refundSource("source").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("refunds_provider_refund_idx").on(t.provider, t.providerRefundId),
    uniqueIndex("refunds_idempotency_key_idx").on(t.idempotencyKey),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
