/** A reason is required and kept short: it is shown in the refund history and logged. */
export const REFUND_REASON_MAX = 500;
/** A line of an order as the refund rule reads it. */
export type RefundableLine = {
  id: string;
  quantity: number;
  lineTotalCents: number;
  volumeDiscountCents: number;
};

/** The order-level discounts shared over the lines (volume savings are per line already). */
export type OrderDiscounts = { subscriptionDiscountCents: number; couponDiscountCents: number };

/**
 * What the buyer paid for each line after every discount, in cents, summing exactly to the
 * items' part of the total: a line's own volume saving comes off it, and the order's
 * subscription and coupon discounts are shared in proportion to the lines' amounts after volume
 * savings, the leftover cents going to the largest remainders (as session-plan.ts does).
 */
export function paidPerLine(lines: RefundableLine[], discounts: OrderDiscounts): Map<string, number> {
  const afterVolume = lines.map((line) => line.lineTotalCents - line.volumeDiscountCents);
  const base = afterVolume.reduce((sum, cents) => sum + cents, 0);
  const shared = Math.min(base, discounts.subscriptionDiscountCents + discounts.couponDiscountCents);
  const shares = afterVolume.map((cents, index) => ({
    index,
    cents: base > 0 ? Math.floor((cents * shared) / base) : 0,
    remainder: base > 0 ? (cents * shared) % base : 0,
  }));
  let left = shared - shares.reduce((sum, share) => sum + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break;
    share.cents++;
    left--;
  }
  return new Map(lines.map((line, index) => [line.id, afterVolume[index]! - shares[index]!.cents]));
}

/**
 * The refund for `quantity` units of a line: the units' share of what the line was paid,
 * rounded down (a cent is never refunded twice); the last units of a line refund what is left
 * of it, so refunding a line unit by unit adds up to what it was paid.
 */
export function unitsRefundCents(
  paidForLine: number,
  line: { quantity: number },
  quantity: number,
  alreadyRefundedUnits: number,
): number {
  const before = Math.floor((paidForLine * alreadyRefundedUnits) / line.quantity);
  const after = Math.floor((paidForLine * (alreadyRefundedUnits + quantity)) / line.quantity);
  return after - before;
}

/** "Refunded" / "Partially refunded" from what was refunded of the total; null when nothing was. */
export function refundState(order: {
  refundedCents: number;
  totalCents: number;
}): "refunded" | "partially_refunded" | null {
  if (order.refundedCents <= 0) return null;
  return order.refundedCents >= order.totalCents ? "refunded" : "partially_refunded";
}

export const refundStateLabel = { refunded: "Refunded", partially_refunded: "Partially refunded" } as const;
