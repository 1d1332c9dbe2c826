import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CouponTerms, couponDiscountCents, percentageOf, priceCheckout } from "./checkout-pricing.ts";

const cents = fc.integer({ min: 0, max: 10_000_000 });
const coupon: fc.Arbitrary<CouponTerms> = fc.oneof(
  fc.record({
    discountType: fc.constant("percentage" as const),
    discountValueHundredths: fc.integer({ min: 1, max: 10_000 }),
  }),
  fc.record({
    discountType: fc.constant("fixed" as const),
    discountValueHundredths: fc.integer({ min: 1, max: 20_000_000 }),
  }),
);
const input = fc.record({
  subtotalCents: cents,
  totalQuantity: fc.integer({ min: 1, max: 500 }),
  purchaseType: fc.constantFrom("one_time" as const, "subscription" as const),
  coupon: fc.option(coupon, { nil: null }),
  shippingCents: fc.integer({ min: 0, max: 5000 }),
});

describe("priceCheckout", () => {
  it("gives 15% off a single-item subscription and 20% with 2+ items", () => {
    expect(
      priceCheckout({ subtotalCents: 5999, totalQuantity: 1, purchaseType: "subscription" }),
    ).toMatchObject({
      subscriptionDiscountBasisPoints: 1500,
      subscriptionDiscountCents: 900, // 899.85 rounds half up
      totalCents: 5099,
    });
    expect(
      priceCheckout({ subtotalCents: 11998, totalQuantity: 2, purchaseType: "subscription" }),
    ).toMatchObject({
      subscriptionDiscountBasisPoints: 2000,
      subscriptionDiscountCents: 2400, // 2399.6
      totalCents: 9598,
    });
    expect(
      priceCheckout({ subtotalCents: 5999, totalQuantity: 3, purchaseType: "one_time" }).totalCents,
    ).toBe(5999);
  });

  it("applies a percentage coupon after the subscription discount", () => {
    const result = priceCheckout({
      subtotalCents: 10000,
      totalQuantity: 1,
      purchaseType: "subscription",
      coupon: { discountType: "percentage", discountValueHundredths: 1000 },
    });
    expect(result).toMatchObject({
      subscriptionDiscountCents: 1500,
      couponDiscountCents: 850,
      totalCents: 7650,
    });
  });

  it("caps a fixed coupon at the amount it applies to and never goes below zero", () => {
    const result = priceCheckout({
      subtotalCents: 300,
      totalQuantity: 1,
      purchaseType: "one_time",
      coupon: { discountType: "fixed", discountValueHundredths: 500 },
    });
    expect(result).toMatchObject({ couponDiscountCents: 300, totalCents: 0 });
  });

  it("rounds half up to the cent", () => {
    expect(percentageOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(percentageOf(4, 1000)).toBe(0); // 0.4 → 0
    expect(percentageOf(3333, 1500)).toBe(500); // 499.95 → 500
  });

  it("never produces a negative total, and the total equals the breakdown", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = priceCheckout(i);
        expect(r.totalCents).toBeGreaterThanOrEqual(0);
        expect(r.totalCents).toBe(
          r.subtotalCents -
            r.subscriptionDiscountCents -
            r.couponDiscountCents +
            r.shippingCents +
            r.taxCents,
        );
        for (const value of Object.values(r)) expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it("never discounts more than the amount a discount applies to", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = priceCheckout(i);
        expect(r.subscriptionDiscountCents).toBeLessThanOrEqual(r.subtotalCents);
        expect(r.couponDiscountCents).toBeLessThanOrEqual(r.subtotalCents - r.subscriptionDiscountCents);
        expect(r.couponDiscountCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("is stable: the same input always gives the same figures, and pricing is monotonic in the subtotal", () => {
    fc.assert(
      fc.property(input, cents, (i, extra) => {
        expect(priceCheckout(i)).toEqual(priceCheckout({ ...i }));
        const more = priceCheckout({ ...i, subtotalCents: i.subtotalCents + extra, coupon: null });
        expect(more.totalCents).toBeGreaterThanOrEqual(priceCheckout({ ...i, coupon: null }).totalCents);
      }),
    );
  });

  it("a fixed coupon discount equals min(value, amount)", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 20_000_000 }), (amount, value) => {
        expect(couponDiscountCents(amount, { discountType: "fixed", discountValueHundredths: value })).toBe(
          Math.min(amount, value),
        );
      }),
    );
  });
});
