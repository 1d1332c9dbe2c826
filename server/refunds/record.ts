import { and, eq, sql } from "drizzle-orm";
import { orderLabel } from "../../core/orders/order-number.ts";
import { recordChange } from "../audit/record.ts";
import { clawBackRefund } from "../creators/ledger.ts";
import type { Tx } from "../db/client.ts";
import { orders, type RefundLine, refunds } from "../db/schema/index.ts";
import { restockItems } from "../stock/restock.ts";

export type RefundRow = typeof refunds.$inferSelect;

/** What a recorded refund gave back: the order, the amount and the lines (for restocking). */
export type RecordedRefund = {
  refundId: string;
  orderId: string;
  amountCents: number;
  /** Refunded lines (order item id, variant id, quantity); empty for a refund by amount. */
  lines: RefundLine[];
  /** The admin who refunded; null for a refund made in the provider's dashboard. */
  actorId: string | null;
  /** The order's refunded total after this refund. */
  refundedCents: number;
};

/**
 * The one place a refund starts to count: a pending refund becomes succeeded (with the
 * provider's refund id) and its amount is added to orders.refunded_cents (which moves the
 * dashboard's revenue through the order-stats trigger). Runs inside the caller's transaction
 * with the order row locked FOR UPDATE; null when the refund was counted already (a webhook echo
 * of a refund the admin form finished first, or the reverse), so nothing is counted twice.
 *
 * A refund by lines puts those units back in stock (restockItems: never more than the sale took).
 */
export async function recordRefund(
  tx: Tx,
  refundId: string,
  providerRefundId: string | null,
): Promise<RecordedRefund | null> {
  const [refund] = await tx
    .update(refunds)
    .set({ status: "succeeded", ...(providerRefundId && { providerRefundId }) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")))
    .returning();
  if (!refund) return null;
  const [order] = await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
    .where(eq(orders.id, refund.orderId))
    .returning({ refundedCents: orders.refundedCents, number: orders.number });
  const refundedCents = order?.refundedCents ?? refund.amountCents;
  await recordChange(tx, {
    entityType: "order",
    entityId: refund.orderId,
    entityLabel: orderLabel({ id: refund.orderId, number: order?.number ?? null }),
    action: "refund",
    before: { refundedCents: refundedCents - refund.amountCents },
    after: { refundedCents },
    details: { refundCents: refund.amountCents, reason: refund.reason, lines: refund.lines.length },
  });
  // The creator's commission shrinks with the refunded share (decision 040).
  await clawBackRefund(tx, { refundId: refund.id, orderId: refund.orderId, refundedCents });
  // A refund by lines gives the goods back too; a refund by amount (a goodwill refund) does not.
  if (refund.lines.length > 0)
    await restockItems(tx, {
      orderId: refund.orderId,
      items: refund.lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
      reason: "refund",
      actorId: refund.createdBy,
    });
  return {
    refundId: refund.id,
    orderId: refund.orderId,
    amountCents: refund.amountCents,
    lines: refund.lines,
    actorId: refund.createdBy,
    refundedCents,
  };
}

/** Locks a paid order for a refund decision (two refunds of one order take turns). */
export async function lockPaidOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid")))
    .for("update");
  return order ?? null;
}

/** Cents still refundable: the total less what was refunded and what pending refunds hold. */
export async function refundableCents(tx: Tx, order: typeof orders.$inferSelect): Promise<number> {
  const [pending] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "pending")));
  return order.totalCents - order.refundedCents - (pending?.cents ?? 0);
}
