import type Stripe from "stripe";
import { recurringPrice } from "../../../core/pricing/recurring-price.ts";
import { formatTaxRate } from "../../../core/pricing/sales-tax.ts";
import type { orderItems, orders } from "../../db/schema/index.ts";

type Order = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "purchaseType"
  | "subtotalCents"
  | "volumeDiscountCents"
  | "subscriptionDiscountCents"
  | "totalCents"
  | "couponCode"
  | "shippingCents"
  | "shippingRateName"
  | "taxCents"
  | "taxBasisPoints"
  | "taxState"
  | "name"
  | "email"
  | "phone"
  | "shippingAddress"
>;
type Item = Pick<
  typeof orderItems.$inferSelect,
  "name" | "weight" | "unitPriceCents" | "quantity" | "lineTotalCents"
>;

export type PlannedLine = { name: string; unitAmount: number; quantity: number };

/**
 * What the Checkout Session charges, from the order as the server priced it: the lines, and a
 * one-off discount taking the first charge down to exactly orders.total_cents (decision 007).
 * - one-time: the items at their prices, then a "Shipping" and a "Sales tax" line when they cost
 *   something; the discount is the volume saving and the coupon.
 * - subscription: the items at the discounted monthly price every renewal charges (volume saving
 *   and subscription rate, no coupon) and the monthly sales tax; the discount is the coupon (and
 *   the tax it saves), on the first month only. Shipping is free on subscriptions.
 */
export type SessionPlan = {
  mode: "payment" | "subscription";
  lines: PlannedLine[];
  firstChargeDiscountCents: number;
  discountName: string;
};

export function planCheckoutSession(order: Order, items: Item[]): SessionPlan {
  const coupon = order.couponCode ? `Coupon ${order.couponCode}` : "Discount";
  if (order.purchaseType === "one_time") {
    const discountName =
      order.volumeDiscountCents === 0
        ? coupon
        : order.couponCode
          ? `Volume saving and coupon ${order.couponCode}`
          : "Volume saving";
    const lines = withinLineLimit(
      items.map((item) => ({
        name: lineName(item),
        unitAmount: item.unitPriceCents,
        quantity: item.quantity,
      })),
      [
        ...extraLine(`Shipping: ${order.shippingRateName ?? "Shipping"}`, order.shippingCents),
        ...extraLine(taxLineName(order), order.taxCents),
      ],
      STRIPE_LINE_LIMITS.payment,
    );
    return {
      mode: "payment",
      lines,
      firstChargeDiscountCents: sumOf(lines) - order.totalCents,
      discountName,
    };
  }
  const { monthlyCents, monthlyGoodsCents, monthlyTaxCents } = recurringPrice(order);
  return {
    mode: "subscription",
    lines: withinLineLimit(
      monthlyLines(items, monthlyGoodsCents),
      extraLine(taxLineName(order), monthlyTaxCents),
      STRIPE_LINE_LIMITS.subscription,
    ),
    firstChargeDiscountCents: monthlyCents - order.totalCents,
    discountName: `${coupon} (first month)`,
  };
}

const sumOf = (lines: PlannedLine[]) => lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);

/**
 * Stripe's limits: a Checkout Session in payment mode takes at most 100 line items, one in
 * subscription mode 20 with recurring prices, and a subscription holds at most 20 items.
 */
export const STRIPE_LINE_LIMITS = { payment: 100, subscription: 20 } as const;

/**
 * The item lines and the extra ones (shipping, tax) within `max` lines: beyond it, the items that
 * do not fit are charged as one line ("12 more items: …") at their sum, so the total stays exact
 * and a big cart is still sold.
 */
export function withinLineLimit(items: PlannedLine[], extras: PlannedLine[], max: number): PlannedLine[] {
  if (items.length + extras.length <= max) return [...items, ...extras];
  const kept = items.slice(0, max - extras.length - 1);
  const rest = items.slice(kept.length);
  const names = rest
    .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name))
    .join(", ");
  const name = `${rest.length} more items: ${names}`;
  const grouped = {
    name: name.length > 250 ? `${name.slice(0, 249)}…` : name,
    unitAmount: sumOf(rest),
    quantity: 1,
  };
  return [...kept, grouped, ...extras];
}

/** A one-unit line for an amount (shipping, tax), none when it is zero. */
function extraLine(name: string, cents: number): PlannedLine[] {
  return cents > 0 ? [{ name, unitAmount: cents, quantity: 1 }] : [];
}

function taxLineName(order: Pick<Order, "taxState" | "taxBasisPoints">): string {
  return order.taxState
    ? `Sales tax (${order.taxState} ${formatTaxRate(order.taxBasisPoints)})`
    : "Sales tax";
}

/**
 * The address our checkout took, given to Stripe as the payment's shipping details, so the buyer
 * is not asked again (one-time payments; a subscription's address stays with our order).
 */
function prefilledShipping(
  order: Order,
): Stripe.Checkout.SessionCreateParams.PaymentIntentData.Shipping | null {
  const address = order.shippingAddress;
  if (!address || !order.name) return null;
  return {
    name: order.name,
    ...(order.phone ? { phone: order.phone } : {}),
    address: {
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      city: address.city,
      state: address.state,
      postal_code: address.postalCode,
      country: address.country,
    },
  };
}

/** The Checkout Session request for a plan (the one-off coupon, if any, is created beforehand). */
export function sessionParams(
  order: Order,
  plan: SessionPlan,
  options: { publicUrl: string; expiresAt: Date; couponId?: string },
): Stripe.Checkout.SessionCreateParams {
  const recurring = plan.mode === "subscription" ? { recurring: { interval: "month" as const } } : {};
  return {
    mode: plan.mode,
    line_items: plan.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: "usd",
        unit_amount: line.unitAmount,
        product_data: { name: line.name },
        ...recurring,
      },
    })),
    ...(options.couponId && { discounts: [{ coupon: options.couponId }] }),
    ...addressParams(order, plan.mode),
    // A guest's email from our address step fills Stripe's email field (decision 044).
    ...(order.email && { customer_email: order.email }),
    metadata: { order_id: order.id },
    client_reference_id: order.id,
    ...(plan.mode === "subscription" && { subscription_data: { metadata: { order_id: order.id } } }),
    success_url: `${options.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    // Back to checkout, which gives the session up at once (see cancelAbandonedPayment).
    cancel_url: `${options.publicUrl}/checkout?cancelled=${order.id}`,
    expires_at: Math.floor(options.expiresAt.getTime() / 1000),
  };
}

/** Our checkout's address when the order has one; else Stripe asks for it (orders from before it). */
function addressParams(
  order: Order,
  mode: SessionPlan["mode"],
): Partial<Stripe.Checkout.SessionCreateParams> {
  if (!order.shippingAddress) {
    return {
      shipping_address_collection: { allowed_countries: ["US"] },
      phone_number_collection: { enabled: true },
    };
  }
  const shipping = prefilledShipping(order);
  return mode === "payment" && shipping ? { payment_intent_data: { shipping } } : {};
}

function lineName(item: Pick<Item, "name" | "weight">): string {
  return item.weight ? `${item.name} (${item.weight})` : item.name;
}

/**
 * Splits the monthly total over the lines in proportion to their prices, the rounding cents going
 * to the largest remainders, so the recurring prices add up to exactly what a renewal charges.
 * A line whose share does not divide by its quantity is sent as one unit ("2 × …").
 */
export function monthlyLines(items: Item[], monthlyCents: number): PlannedLine[] {
  const subtotal = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  const shares = items.map((item, index) => {
    const exact = subtotal > 0 ? item.lineTotalCents * monthlyCents : 0;
    return {
      index,
      cents: subtotal > 0 ? Math.floor(exact / subtotal) : 0,
      remainder: exact % Math.max(subtotal, 1),
    };
  });
  let left = monthlyCents - shares.reduce((sum, share) => sum + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break;
    share.cents++;
    left--;
  }
  return items.map((item, index) => {
    const cents = shares[index]!.cents;
    return cents % item.quantity === 0
      ? { name: lineName(item), unitAmount: cents / item.quantity, quantity: item.quantity }
      : { name: `${item.quantity} × ${lineName(item)}`, unitAmount: cents, quantity: 1 };
  });
}
