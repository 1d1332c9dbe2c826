import { describe, expect, it } from "vitest";
import { priceCheckout } from "./checkout-pricing.ts";
import { orderChargeRows } from "./order-charges.ts";

describe("orderChargeRows", () => {
  it("lists every discount of a subscription, so the lines add up to the charge", () => {
    // Issue 31: $129.98 − $10.40 = $93.58 did not add up; the subscription discount was missing.
    const price = priceCheckout({
      subtotalCents: 12998,
      totalQuantity: 2,
      purchaseType: "subscription",
      coupon: { discountType: "percentage", discountValueHundredths: 1000 },
    });
    const order = { ...price, couponCode: "WELCOME10" };
    const rows = orderChargeRows(order);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ["Subscription discount", "-$26.00"],
      ["Coupon WELCOME10", "-$10.40"],
      ["Shipping", "Free"],
    ]);
    expect(order.subtotalCents + rows.reduce((sum, r) => sum + r.cents, 0)).toBe(order.totalCents);
  });

  it("adds volume saving, shipping and tax for a one-time order", () => {
    const order = {
      subtotalCents: 10000,
      volumeDiscountCents: 500,
      subscriptionDiscountCents: 0,
      couponCode: null,
      couponDiscountCents: 0,
      shippingCents: 599,
      shippingRateName: "Standard shipping",
      taxCents: 825,
      taxBasisPoints: 825,
      taxState: "TX",
      totalCents: 10000 - 500 + 599 + 825,
    };
    const rows = orderChargeRows(order);
    expect(rows.map((r) => r.label)).toEqual([
      "Volume saving",
      "Shipping (Standard shipping)",
      "Sales tax (TX 8.25%)",
    ]);
    expect(order.subtotalCents + rows.reduce((sum, r) => sum + r.cents, 0)).toBe(order.totalCents);
  });
});
