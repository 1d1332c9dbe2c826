import { recurringPrice } from "../../../core/pricing/recurring-price.ts";
import type { orderItems, orders } from "../../db/schema/index.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

export type Money = { currency_code: "USD"; value: string };

/** Integer cents as PayPal's decimal string ("80.99"), without floating point. */
export function money(cents: number): Money {
  const whole = Math.floor(cents / 100);
  return { currency_code: "USD", value: `${whole}.${String(cents % 100).padStart(2, "0")}` };
}

/**
 * Where PayPal sends the buyer back: the return page (PayPal appends token & PayerID for orders,
 * subscription_id for subscriptions) or, on cancel, checkout with our order id, which gives the
 * unpaid order up (cancelAbandonedPayment in app/routes/store/checkout-request.server.ts).
 */
export type ReturnUrls = { returnUrl: string; cancelUrl: string };

export function returnUrls(publicUrl: string, orderId: string): ReturnUrls {
  return {
    returnUrl: `${publicUrl}/paypal-success`,
    cancelUrl: `${publicUrl}/checkout?cancelled=${encodeURIComponent(orderId)}`,
  };
}

const itemName = (item: OrderItem) =>
  (item.weight ? `${item.name} (${item.weight})` : item.name).slice(0, 127);

/**
 * The Orders v2 body for a one-time order, priced by the server: items at their stored prices, the
 * volume, subscription and coupon discounts as one discount, shipping and sales tax, so that the
 * amount PayPal charges is exactly orders.total_cents (PayPal itself checks that the breakdown adds
 * up: item_total + shipping + tax_total - discount). The address our checkout took is given as
 * the shipping address, so PayPal does not ask for another one; a guest's email from our address
 * step fills PayPal's sign-in (decision 044), as it fills Stripe's email field.
 */
export function orderPayload(order: Order, items: OrderItem[], urls: ReturnUrls, brandName: string) {
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: order.id,
        custom_id: order.id,
        description: `Order ${order.id.slice(0, 8)}`,
        amount: {
          ...money(order.totalCents),
          breakdown: {
            item_total: money(order.subtotalCents),
            discount: money(
              order.volumeDiscountCents + order.subscriptionDiscountCents + order.couponDiscountCents,
            ),
            shipping: money(order.shippingCents),
            tax_total: money(order.taxCents),
          },
        },
        ...(paypalShipping(order) && { shipping: paypalShipping(order) }),
        items: items.map((item) => ({
          name: itemName(item),
          quantity: String(item.quantity),
          unit_amount: money(item.unitPriceCents),
          category: "PHYSICAL_GOODS",
          ...(item.productId ? { sku: item.productId } : {}),
        })),
      },
    ],
    payment_source: {
      paypal: {
        ...(order.email && { email_address: order.email }),
        experience_context: {
          brand_name: brandName,
          shipping_preference: shippingPreference(order),
          user_action: "PAY_NOW",
          return_url: urls.returnUrl,
          cancel_url: urls.cancelUrl,
        },
      },
    },
  };
}

type AddressedOrder = Pick<Order, "name" | "shippingAddress">;

/** Our checkout's address in PayPal's shape; null for an order without one (PayPal asks then). */
export function paypalShipping(order: AddressedOrder) {
  const address = order.shippingAddress;
  if (!address || !order.name) return null;
  return {
    name: { full_name: order.name.slice(0, 300) },
    address: {
      address_line_1: address.line1,
      ...(address.line2 ? { address_line_2: address.line2 } : {}),
      admin_area_2: address.city,
      admin_area_1: address.state,
      postal_code: address.postalCode,
      country_code: address.country,
    },
  };
}

const shippingPreference = (order: AddressedOrder) =>
  paypalShipping(order) ? "SET_PROVIDED_ADDRESS" : "GET_FROM_FILE";

const monthly = { interval_unit: "MONTH", interval_count: 1 } as const;

/**
 * A monthly plan at the order's prices. The recurring price is what each renewal order records
 * (recurringPrice: the items after their volume discount, at the subscription rate, plus the
 * state's sales tax on them), so PayPal's sales equal our renewal
 * orders. A coupon applies to the first order only: when it lowers the first payment, that month
 * is a one-cycle TRIAL at orders.total_cents and the REGULAR cycle (forever) follows.
 */
export function planPayload(order: Order, productId: string) {
  const recurringCents = recurringPrice(order).monthlyCents;
  const cycle = (sequence: number, tenure: "TRIAL" | "REGULAR", cents: number, totalCycles: number) => ({
    frequency: monthly,
    tenure_type: tenure,
    sequence,
    total_cycles: totalCycles,
    pricing_scheme: { fixed_price: money(cents) },
  });
  const billingCycles =
    order.totalCents < recurringCents
      ? [cycle(1, "TRIAL", order.totalCents, 1), cycle(2, "REGULAR", recurringCents, 0)]
      : [cycle(1, "REGULAR", recurringCents, 0)];
  return {
    product_id: productId,
    name: `Monthly subscription, order ${order.id.slice(0, 8)}`,
    status: "ACTIVE",
    billing_cycles: billingCycles,
    payment_preferences: {
      auto_bill_outstanding: true,
      setup_fee_failure_action: "CANCEL",
      payment_failure_threshold: 3,
    },
  };
}

export function subscriptionPayload(order: Order, planId: string, urls: ReturnUrls, brandName: string) {
  const shipping = paypalShipping(order);
  return {
    plan_id: planId,
    custom_id: order.id,
    ...(shipping && { subscriber: { shipping_address: shipping } }),
    application_context: {
      brand_name: brandName,
      shipping_preference: shippingPreference(order),
      user_action: "SUBSCRIBE_NOW",
      return_url: urls.returnUrl,
      cancel_url: urls.cancelUrl,
    },
  };
}
