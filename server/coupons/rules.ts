import { formatMoney } from "../../core/pricing/money.ts";

/** The coupon fields the rules need. */
export type CouponForRules = {
  code: string;
  isActive: boolean;
  showOnFrontend: boolean;
  validFrom: Date;
  validUntil: Date | null;
  minimumOrderCents: number | null;
  usageLimit: number | null;
  usedCount: number;
};

export type CouponRejection = {
  reason:
    | "invalid"
    | "expired"
    | "minimum_not_met"
    | "usage_limit"
    | "held_by_client"
    | "held_too_often"
    | "once_per_customer";
  title: string;
  description: string;
};

/** The spec's toasts, word for word. */
export const couponRejections = {
  invalid: () => ({
    reason: "invalid",
    title: "Invalid Coupon",
    description: "Coupon code not found or inactive",
  }),
  expired: () => ({
    reason: "expired",
    title: "Expired Coupon",
    description: "This coupon has expired or is not yet active",
  }),
  minimumNotMet: (minimumCents: number) => ({
    reason: "minimum_not_met",
    title: "Minimum Order Not Met",
    description: `Minimum order amount is ${formatMoney(minimumCents)}`,
  }),
  usageLimit: () => ({
    reason: "usage_limit",
    title: "Usage Limit Reached",
    description: "This coupon has reached its usage limit",
  }),
  /** Not a spec text: the coupon is limited to one use per customer (account or email). */
  oncePerCustomer: () => ({
    reason: "once_per_customer",
    title: "Coupon Already Used",
    description: "This coupon can be used once per customer, and you have already used it.",
  }),
  /** Not a spec text: an unfinished payment from the same address already holds this coupon. */
  heldByClient: () => ({
    reason: "held_by_client",
    title: "Coupon Already in Use",
    description:
      "An unfinished payment from your connection already uses this coupon. Complete or cancel it, or try again in 30 minutes.",
  }),
  /** Not a spec text: the address started the day's holds of this limited coupon (decision 051). */
  heldTooOften: () => ({
    reason: "held_too_often",
    title: "Coupon Already in Use",
    description:
      "Unfinished payments from your connection have held this coupon too often today. Please try again tomorrow.",
  }),
} satisfies Record<string, (...args: never[]) => CouponRejection>;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Checks a coupon in the spec's order: exists, active and shown on the frontend → within its
 * validity window → minimum order (against the subtotal) → usage limit (uses + open reservations).
 * Returns null when the coupon applies.
 */
export function checkCoupon(
  coupon: CouponForRules | undefined,
  context: { now: Date; subtotalCents: number; openReservations: number },
): CouponRejection | null {
  if (!coupon?.isActive || !coupon.showOnFrontend) return couponRejections.invalid();
  if (coupon.validFrom > context.now || (coupon.validUntil && coupon.validUntil < context.now)) {
    return couponRejections.expired();
  }
  if (coupon.minimumOrderCents && context.subtotalCents < coupon.minimumOrderCents) {
    return couponRejections.minimumNotMet(coupon.minimumOrderCents);
  }
  if (coupon.usageLimit !== null && coupon.usedCount + context.openReservations >= coupon.usageLimit) {
    return couponRejections.usageLimit();
  }
  return null;
}
