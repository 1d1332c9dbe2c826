import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CartLineInput, priceCartLines } from "./cart-pricing.ts";
import { type CouponTerms, priceCheckout } from "./checkout-pricing.ts";
import { type QuantityTier, tierFor, tierLabel } from "./quantity-tiers.ts";

// Decision 030 pinned: tiers by units per product, per-line rounding, then subscription, then coupon.

const brief: QuantityTier[] = [
  { minQuantity: 3, percentOff: 10 },
  { minQuantity: 6, percentOff: 15 },
];
const productIds = ["p1", "p2", "p3"];

const line = (over: Partial<CartLineInput>): CartLineInput => ({
  lineId: crypto.randomUUID(),
  productId: "p1",
  variantId: crypto.randomUUID(),
  sku: null,
  slug: "resin",
  name: "Resin",
  weight: "30g",
  quantity: 1,
  unitPriceCents: 1000,
  imageUrl: null,
  status: "available",
  quantityTiers: brief,
  ...over,
});

/** Tiers as the admin form saves them: distinct quantities 2..99, larger quantity saves more. */
const tiersArb: fc.Arbitrary<QuantityTier[]> = fc.integer({ min: 0, max: 5 }).chain((count) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 2, max: 99 }), { minLength: count, maxLength: count }),
      fc.uniqueArray(fc.integer({ min: 1, max: 90 }), { minLength: count, maxLength: count }),
    )
    .map(([quantities, percents]) => {
      const q = [...quantities].sort((a, b) => a - b);
      const p = [...percents].sort((a, b) => a - b);
      return q.map((minQuantity, i) => ({ minQuantity, percentOff: p[i]! }));
    }),
);
const tiersByProduct = fc.tuple(tiersArb, tiersArb, tiersArb);
const lineArb = (tiers: QuantityTier[][]) =>
  fc
    .record({
      product: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 99 }),
      unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
      status: fc.constantFrom("available", "available", "available", "sold_out") as fc.Arbitrary<
        CartLineInput["status"]
      >,
    })
    .map(({ product, ...rest }) =>
      line({ ...rest, productId: productIds[product]!, quantityTiers: tiers[product]! }),
    );
const cartArb = tiersByProduct.chain((tiers) => fc.array(lineArb(tiers), { maxLength: 8 }));
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      discountType: fc.constant("percentage" as const),
      discountValueHundredths: fc.integer({ min: 1, max: 10_000 }),
    }),
    fc.record({
      discountType: fc.constant("fixed" as const),
      discountValueHundredths: fc.integer({ min: 1, max: 2_000_000 }),
    }),
  ),
  { nil: null },
);
const purchase = fc.constantFrom("one_time" as const, "subscription" as const);
const shipping = fc.integer({ min: 0, max: 5000 });

function checkout(
  lines: CartLineInput[],
  purchaseType: "one_time" | "subscription",
  c: CouponTerms | null,
  s = 0,
) {
  const cart = priceCartLines(lines);
  const breakdown = priceCheckout({
    subtotalCents: cart.subtotalCents,
    volumeDiscountCents: cart.volumeDiscountCents,
    totalQuantity: cart.quantity,
    purchaseType,
    coupon: c,
    shippingCents: s,
  });
  return { cart, breakdown };
}

describe("quantity tiers", () => {
  it("words a tier as the spec does and picks the largest tier reached", () => {
    expect(brief.map(tierLabel)).toEqual(["Buy 3, save 10%", "Buy 6, save 15%"]);
    expect([1, 2, 3, 5, 6, 99].map((n) => tierFor(brief, n)?.percentOff ?? 0)).toEqual([
      0, 0, 10, 10, 15, 15,
    ]);
  });

  it("counts all variants of a product together, each product by its own units, rounding per line", () => {
    const cart = priceCartLines([
      line({ quantity: 2, unitPriceCents: 1999 }),
      line({ quantity: 1, unitPriceCents: 2995 }),
      line({ productId: "p2", quantity: 2, unitPriceCents: 1000, quantityTiers: brief }),
    ]);
    const [a, b, c] = cart.lines;
    expect([a!.volumeDiscountCents, b!.volumeDiscountCents]).toEqual([400, 300]); // 399.8, 299.5 half up
    expect(c!.volumePercentOff).toBe(0);
    expect(cart).toMatchObject({ subtotalCents: 8993, volumeDiscountCents: 700, totalCents: 8293 });
  });

  it("ignores sold-out and deleted lines when counting units", () => {
    const cart = priceCartLines([line({ quantity: 2 }), line({ quantity: 4, status: "sold_out" })]);
    expect(cart.volumeDiscountCents).toBe(0);
  });

  it("takes the subscription discount off the amount after the volume discount, then the coupon", () => {
    const { breakdown } = checkout([line({ quantity: 3, unitPriceCents: 1000 })], "subscription", {
      discountType: "percentage",
      discountValueHundredths: 1000,
    });
    // 3000 − 300 volume = 2700; −20% (2+ items) = 540 → 2160; −10% coupon = 216 → 1944.
    expect(breakdown).toMatchObject({
      subtotalCents: 3000,
      volumeDiscountCents: 300,
      subscriptionDiscountCents: 540,
      couponDiscountCents: 216,
      totalCents: 1944,
    });
  });
});

describe("volume pricing properties", () => {
  it("every amount is whole cents, the total is between 0 and the subtotal, and the discounts add up", () => {
    fc.assert(
      fc.property(cartArb, purchase, coupon, shipping, (lines, type, c, s) => {
        const { cart, breakdown: b } = checkout(lines, type, c, s);
        for (const value of [...Object.values(b), cart.volumeDiscountCents, cart.totalCents]) {
          expect(Number.isInteger(value)).toBe(true);
        }
        for (const l of cart.lines) {
          expect(Number.isInteger(l.volumeDiscountCents)).toBe(true);
          expect(l.volumeDiscountCents).toBeGreaterThanOrEqual(0);
          expect(l.volumeDiscountCents).toBeLessThanOrEqual(l.lineTotalCents);
        }
        expect(cart.volumeDiscountCents).toBe(cart.lines.reduce((sum, l) => sum + l.volumeDiscountCents, 0));
        expect(b.volumeDiscountCents).toBe(cart.volumeDiscountCents);
        const goods = b.totalCents - b.shippingCents;
        expect(goods).toBeGreaterThanOrEqual(0);
        expect(goods).toBeLessThanOrEqual(b.subtotalCents);
        expect(b.volumeDiscountCents + b.subscriptionDiscountCents + b.couponDiscountCents).toBe(
          b.subtotalCents - goods,
        );
      }),
    );
  });

  it("more units of a product never raise its unit price (the tier's saving only grows)", () => {
    fc.assert(
      fc.property(tiersArb, fc.integer({ min: 1, max: 98 }), (tiers, units) => {
        const now = tierFor(tiers, units)?.percentOff ?? 0;
        const more = tierFor(tiers, units + 1)?.percentOff ?? 0;
        expect(more).toBeGreaterThanOrEqual(now);
      }),
    );
  });

  it("within one tier, more units never cost less (one-time, any coupon)", () => {
    fc.assert(
      fc.property(cartArb, fc.integer({ min: 0, max: 7 }), coupon, (lines, pick, c) => {
        if (lines.length === 0) return;
        const index = pick % lines.length;
        const more = lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + 1 } : l));
        const before = checkout(lines, "one_time", c);
        const after = checkout(more, "one_time", c);
        const samePercents = before.cart.lines.every(
          (l, i) => l.volumePercentOff === after.cart.lines[i]!.volumePercentOff,
        );
        if (samePercents)
          expect(after.breakdown.totalCents).toBeGreaterThanOrEqual(before.breakdown.totalCents);
      }),
    );
  });

  it("does NOT hold across a threshold: reaching a tier can make more units cost less", () => {
    // Documented in decision 030: 9 units at full price cost more than 10 at 15% off.
    const tiers = [{ minQuantity: 10, percentOff: 15 }];
    const total = (quantity: number) =>
      priceCartLines([line({ quantity, unitPriceCents: 1000, quantityTiers: tiers })]).totalCents;
    expect(total(9)).toBe(9000);
    expect(total(10)).toBe(8500);
  });

  it("the browser and the server agree: pricing is a function of the lines alone", () => {
    fc.assert(
      fc.property(cartArb, (lines) => {
        const once = priceCartLines(lines);
        const again = priceCartLines(
          once.lines.map(({ lineTotalCents, volumePercentOff, volumeDiscountCents, ...l }) => l),
        );
        expect(again).toEqual(once);
      }),
    );
  });
});
