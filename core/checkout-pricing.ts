/**
 * The checkout's money rules, in integer cents, shared by the checkout page and the server
 * (which always re-prices from the database before taking payment).
 *
 * Order of operations (docs/decisions/030-volume-pricing.md): subtotal → volume discount (the
 * cart's quantity tiers, rounded per line by core/cart-pricing.ts) → subscription discount on what
 * is left → coupon discount (a percentage applies to the amount after the subscription discount; a
 * fixed amount is capped at it) → shipping → total. Each discount is rounded half up to the cent.
 */

export const SUBSCRIPTION_DISCOUNT_BASIS_POINTS = 1500;
/** 'Bulk Bonus': an extra 5% on subscriptions of 2 or more items. */
export const BULK_SUBSCRIPTION_DISCOUNT_BASIS_POINTS = 2000;
export const BULK_MIN_QUANTITY = 2;

export type PurchaseType = "one_time" | "subscription";

export type CouponTerms = {
  discountType: "percentage" | "fixed";
  /** Displayed value × 100: basis points for a percentage, cents for a fixed amount. */
  discountValueHundredths: number;
};

export type CheckoutInput = {
  /** The items at their full prices. */
  subtotalCents: number;
  /** The cart's volume discount (PricedCart.volumeDiscountCents); at most the subtotal. */
  volumeDiscountCents?: number;
  totalQuantity: number;
  purchaseType: PurchaseType;
  coupon?: CouponTerms | null;
  shippingCents?: number;
};

export type CheckoutBreakdown = {
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountBasisPoints: number;
  subscriptionDiscountCents: number;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
};

export function subscriptionDiscountBasisPoints(purchaseType: PurchaseType, totalQuantity: number): number {
  if (purchaseType !== "subscription") return 0;
  return totalQuantity >= BULK_MIN_QUANTITY
    ? BULK_SUBSCRIPTION_DISCOUNT_BASIS_POINTS
    : SUBSCRIPTION_DISCOUNT_BASIS_POINTS;
}

/** `basisPoints`/10000 of `cents`, rounded half up to the cent (integer arithmetic, no float drift). */
export function percentageOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

export function couponDiscountCents(amountCents: number, coupon: CouponTerms): number {
  const raw =
    coupon.discountType === "percentage"
      ? percentageOf(amountCents, coupon.discountValueHundredths)
      : coupon.discountValueHundredths;
  return Math.max(0, Math.min(raw, amountCents));
}

export function priceCheckout(input: CheckoutInput): CheckoutBreakdown {
  const subtotalCents = input.subtotalCents;
  const volumeDiscountCents = Math.max(0, Math.min(input.volumeDiscountCents ?? 0, subtotalCents));
  const afterVolume = subtotalCents - volumeDiscountCents;
  const basisPoints = subscriptionDiscountBasisPoints(input.purchaseType, input.totalQuantity);
  const subscriptionDiscountCents = percentageOf(afterVolume, basisPoints);
  const afterSubscription = afterVolume - subscriptionDiscountCents;
  const couponCents = input.coupon ? couponDiscountCents(afterSubscription, input.coupon) : 0;
  const shippingCents = input.shippingCents ?? 0;
  return {
    subtotalCents,
    volumeDiscountCents,
    subscriptionDiscountBasisPoints: basisPoints,
    subscriptionDiscountCents,
    couponDiscountCents: couponCents,
    shippingCents,
    totalCents: Math.max(0, afterSubscription - couponCents) + shippingCents,
  };
}
