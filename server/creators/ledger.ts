import { and, eq, sql } from "drizzle-orm";
import {
  clawbackTargetCents,
  commissionBaseCents,
  commissionCents,
  DAY_MS,
} from "../../core/pricing/commission.ts";
import type { Tx } from "../db/client.ts";
import { contentCreators, coupons, creatorLedgerEntries, orders } from "../db/schema/index.ts";
import { getCommissionSettings } from "./commission-settings.ts";

type Order = typeof orders.$inferSelect;

/**
 * The commission writers (decision 040). Each runs inside the caller's transaction, with the order
 * row marked paid or locked by it, and inserts at most one entry per source key (ON CONFLICT DO
 * NOTHING on the unique source key): a replayed fulfilment, refund or cancel adds nothing.
 */

/**
 * At fulfilment: the creator of the order's coupon earns their rate of the goods after discounts
 * (no shipping, no tax), pending until paid time + the hold. Renewals carry no coupon, so earn
 * nothing; an inactive creator earns nothing on new orders.
 */
export async function accrueCommission(tx: Tx, order: Order, now: Date): Promise<void> {
  if (!order.couponId) return;
  const [creator] = await tx
    .select({ id: contentCreators.id, basisPoints: contentCreators.commissionBasisPoints })
    .from(coupons)
    .innerJoin(contentCreators, eq(contentCreators.id, coupons.contentCreatorId))
    .where(and(eq(coupons.id, order.couponId), eq(contentCreators.isActive, true)));
  if (!creator) return;
  const amountCents = commissionCents(order, creator.basisPoints);
  if (amountCents <= 0) return;
  const paidAt = order.paidAt ?? now;
  const { holdDays } = await getCommissionSettings(tx);
  await tx
    .insert(creatorLedgerEntries)
    .values({
      creatorId: creator.id,
      kind: "accrual",
      amountCents,
      sourceKey: `accrual:${order.id}`,
      orderId: order.id,
      baseCents: commissionBaseCents(order),
      basisPoints: creator.basisPoints,
      note: "Commission on order",
      availableAt: new Date(paidAt.getTime() + holdDays * DAY_MS),
      createdAt: now,
    })
    .onConflictDoNothing({ target: creatorLedgerEntries.sourceKey });
}

/** A refund was counted on the order: take back the refunded share of its commission. */
export function clawBackRefund(
  tx: Tx,
  refund: { refundId: string; orderId: string; refundedCents: number },
  now = new Date(),
): Promise<void> {
  return clawBack(tx, refund.orderId, `refund:${refund.refundId}`, "Refund", now, (accrued, totalCents) =>
    clawbackTargetCents(accrued, refund.refundedCents, totalCents),
  );
}

/** The admin cancelled the order: take back all of its commission still standing. */
export function clawBackCancel(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  return clawBack(tx, orderId, `cancel:${orderId}`, "Order cancelled", now, (accrued) => accrued);
}

/**
 * Adds the clawback that brings the order's clawed-back total to `target` (never above the
 * accrual). A clawback of a still pending accrual stays pending with it (same available_at); of a
 * payable or paid one it counts at once, so after a payout the balance goes negative.
 */
async function clawBack(
  tx: Tx,
  orderId: string,
  sourceKey: string,
  note: string,
  now: Date,
  target: (accruedCents: number, orderTotalCents: number) => number,
): Promise<void> {
  const [standing] = await tx
    .select({
      creatorId: creatorLedgerEntries.creatorId,
      accruedCents:
        sql<number>`max(${creatorLedgerEntries.amountCents}) filter (where ${creatorLedgerEntries.kind} = 'accrual')`.mapWith(
          Number,
        ),
      clawedCents:
        sql<number>`coalesce(-sum(${creatorLedgerEntries.amountCents}) filter (where ${creatorLedgerEntries.kind} = 'clawback'), 0)`.mapWith(
          Number,
        ),
      accrualAvailableAt:
        sql<Date>`max(${creatorLedgerEntries.availableAt}) filter (where ${creatorLedgerEntries.kind} = 'accrual')`.mapWith(
          creatorLedgerEntries.availableAt,
        ),
      totalCents: orders.totalCents,
    })
    .from(creatorLedgerEntries)
    .innerJoin(orders, eq(orders.id, creatorLedgerEntries.orderId))
    .where(eq(creatorLedgerEntries.orderId, orderId))
    .groupBy(creatorLedgerEntries.creatorId, orders.totalCents);
  if (!standing?.accruedCents) return;
  const amountCents =
    Math.min(standing.accruedCents, target(standing.accruedCents, standing.totalCents)) -
    standing.clawedCents;
  if (amountCents <= 0) return;
  const accrualAvailable = standing.accrualAvailableAt;
  await tx
    .insert(creatorLedgerEntries)
    .values({
      creatorId: standing.creatorId,
      kind: "clawback",
      amountCents: -amountCents,
      sourceKey,
      orderId,
      note,
      availableAt: accrualAvailable > now ? accrualAvailable : now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: creatorLedgerEntries.sourceKey });
}
