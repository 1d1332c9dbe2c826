import { percentageOf } from "./money.ts";

/*
 * The price a subscription renews at, from its first order: pure arithmetic that the payment
 * adapters (the plan they set up with the provider), server/subscriptions (start, renewals, the
 * screens' monthly price) and the confirmation email (server/orders) share.
 */

/** A subscription's discount as a rate, from the first order's subtotal and subscription discount. */
function subscriptionDiscountBasisPoints(subtotalCents: number, subscriptionDiscountCents: number) {
  return Math.round((subscriptionDiscountCents * 10000) / Math.max(subtotalCents, 1));
}

/**
 * What each renewal charges: the items' amount (after their volume discount) less the
 * subscription rate (no coupon).
 */
export function renewalTotalCents(amountCents: number, discountBasisPoints: number): number {
  return Math.round((amountCents * (10000 - discountBasisPoints)) / 10000);
}

/** The amounts of a subscription's first order (an orders row has them). */
type PricedOrder = {
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountCents: number;
  taxBasisPoints: number;
};

/**
 * The recurring price a subscription order sets up with the provider: its subscription rate and
 * the monthly amount, both on the items after their volume discount (decision 030: renewals keep
 * the first order's quantities, so they keep its volume discount too).
 */
export function recurringPrice(order: PricedOrder): {
  discountBasisPoints: number;
  /** What every month charges: the goods and their sales tax (shipping is free on subscriptions). */
  monthlyCents: number;
  monthlyGoodsCents: number;
  monthlyTaxCents: number;
} {
  const itemsCents = order.subtotalCents - order.volumeDiscountCents;
  const discountBasisPoints = subscriptionDiscountBasisPoints(itemsCents, order.subscriptionDiscountCents);
  const monthlyGoodsCents = renewalTotalCents(itemsCents, discountBasisPoints);
  const monthlyTaxCents = percentageOf(monthlyGoodsCents, order.taxBasisPoints);
  return {
    discountBasisPoints,
    monthlyCents: monthlyGoodsCents + monthlyTaxCents,
    monthlyGoodsCents,
    monthlyTaxCents,
  };
}

/** What a subscription renews with: its items (each as subscribed) and its rates. */
type RenewingSubscription = {
  items: { unitPriceCents: number; quantity: number; volumeDiscountCents?: number }[];
  discountBasisPoints: number;
  taxBasisPoints?: number;
};

/**
 * What every renewal charges: the subscribed items less the volume discount they had when
 * subscribed, at the subscription discount (the coupon was for the first order only). Also the
 * "monthly price" the subscription screens show.
 */
export function renewalPrice(subscription: RenewingSubscription): {
  subtotalCents: number;
  volumeDiscountCents: number;
  /** The goods after the subscription discount. */
  goodsCents: number;
  taxCents: number;
  totalCents: number;
} {
  let subtotalCents = 0;
  let volumeDiscountCents = 0;
  for (const item of subscription.items) {
    subtotalCents += item.unitPriceCents * item.quantity;
    volumeDiscountCents += item.volumeDiscountCents ?? 0;
  }
  const goodsCents = renewalTotalCents(subtotalCents - volumeDiscountCents, subscription.discountBasisPoints);
  const taxCents = percentageOf(goodsCents, subscription.taxBasisPoints ?? 0);
  return { subtotalCents, volumeDiscountCents, goodsCents, taxCents, totalCents: goodsCents + taxCents };
}
