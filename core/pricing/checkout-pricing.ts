import { percentageOf } from "./money.ts";
import { type StateTaxRate, taxCents } from "./sales-tax.ts";
import { quoteZone, type ShippingQuote, type ShippingZone } from "./shipping.ts";

export { percentageOf };

/**
 * The checkout's money rules, in integer cents, shared by the checkout page and the server
 * (which always re-prices from the database before taking payment).
 *
 * Order of operations (docs/decisions/030-volume-pricing.md): subtotal → volume discount (the
 * cart's quantity tiers, rounded per line by core/pricing/cart-pricing.ts) → subscription discount on what
 * is left → coupon discount (a percentage applies to the amount after the subscription discount; a
 * fixed amount is capped at it) → shipping (the zone's rate for the goods after every discount;
 * free for subscriptions, as the checkout promises) → sales tax on the goods after every discount
 * (plus shipping where the state taxes it; decision 036) → total. Each discount and the tax are
 * rounded half up to the cent.
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
  /** A fixed shipping amount (demo orders, old callers); `shippingZone` wins when given. */
  shippingCents?: number;
  /** The destination's zone (core/pricing/shipping.ts); its rate is priced on the goods after discounts. */
  shippingZone?: ShippingZone | null;
  /** The destination state's sales tax; none when null. */
  taxRate?: StateTaxRate | null;
};

export type CheckoutBreakdown = {
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountBasisPoints: number;
  subscriptionDiscountCents: number;
  couponDiscountCents: number;
  /** The goods after every discount: what a free-shipping threshold and the tax are measured on. */
  goodsCents: number;
  shippingCents: number;
  taxBasisPoints: number;
  taxCents: number;
  totalCents: number;
};

export function subscriptionDiscountBasisPoints(purchaseType: PurchaseType, totalQuantity: number): number {
  if (purchaseType !== "subscription") return 0;
  return totalQuantity >= BULK_MIN_QUANTITY
    ? BULK_SUBSCRIPTION_DISCOUNT_BASIS_POINTS
    : SUBSCRIPTION_DISCOUNT_BASIS_POINTS;
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
  const goodsCents = Math.max(0, afterSubscription - couponCents);
  const shipping = shippingQuoteFor(input, goodsCents);
  const shippingCents = shipping ? shipping.cents : (input.shippingCents ?? 0);
  const tax = taxCents(input.taxRate ?? null, goodsCents, shippingCents);
  return {
    subtotalCents,
    volumeDiscountCents,
    subscriptionDiscountBasisPoints: basisPoints,
    subscriptionDiscountCents,
    couponDiscountCents: couponCents,
    goodsCents,
    shippingCents,
    taxBasisPoints: tax > 0 ? input.taxRate!.basisPoints : 0,
    taxCents: tax,
    totalCents: goodsCents + shippingCents + tax,
  };
}

/** The shipping line for goods worth `goodsCents` (breakdown.goodsCents): its rate name and price. */
export function shippingQuoteFor(
  input: Pick<CheckoutInput, "shippingZone" | "purchaseType">,
  goodsCents: number,
): ShippingQuote | null {
  if (!input.shippingZone) return null;
  const quote = quoteZone(input.shippingZone, goodsCents);
  // "Free shipping" on every subscription month (the checkout's promise).
  return input.purchaseType === "subscription" ? { ...quote, rateName: "Free shipping", cents: 0 } : quote;
}
