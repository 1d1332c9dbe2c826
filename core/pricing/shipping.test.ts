import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceCheckout } from "./checkout-pricing.ts";
import { formatTaxRate, type StateTaxRate, taxCents } from "./sales-tax.ts";
import {
  defaultZone,
  missingForFreeShipping,
  quoteShipping,
  type ShippingZone,
  zoneFor,
} from "./shipping.ts";

const us: ShippingZone = {
  zoneName: "United States",
  country: "US",
  states: [],
  rateName: "Standard shipping",
  priceCents: 500,
  freeOverCents: 5000,
};
const remote: ShippingZone = {
  zoneName: "Alaska & Hawaii",
  country: "US",
  states: ["AK", "HI"],
  rateName: "Remote shipping",
  priceCents: 1500,
  freeOverCents: null,
};
const texas: StateTaxRate = { state: "TX", basisPoints: 825, taxesShipping: true };

const cents = fc.integer({ min: 0, max: 10_000_000 });
const zone: fc.Arbitrary<ShippingZone> = fc.record({
  zoneName: fc.constant("Zone"),
  country: fc.constant("US"),
  states: fc.constant([]),
  rateName: fc.constant("Rate"),
  priceCents: fc.integer({ min: 0, max: 10_000 }),
  freeOverCents: fc.option(cents, { nil: null }),
});
const taxRate: fc.Arbitrary<StateTaxRate> = fc.record({
  state: fc.constant("TX"),
  basisPoints: fc.integer({ min: 0, max: 2000 }),
  taxesShipping: fc.boolean(),
});

describe("shipping zones", () => {
  it("picks the zone naming the state, else the country's default zone, else none", () => {
    expect(zoneFor([us, remote], { country: "US", state: "HI" })).toBe(remote);
    expect(zoneFor([remote, us], { country: "US", state: "TX" })).toBe(us);
    expect(zoneFor([remote], { country: "US", state: "TX" })).toBeNull();
    expect(defaultZone([remote, us])).toBe(us);
  });

  it("is free from the threshold on, the price below it, and says how much is missing", () => {
    const below = quoteShipping([us], { country: "US", state: "TX" }, 4999)!;
    expect(below).toMatchObject({ rateName: "Standard shipping", cents: 500 });
    expect(missingForFreeShipping(below, 4999)).toBe(1);
    const over = quoteShipping([us], { country: "US", state: "TX" }, 5000)!;
    expect(over).toMatchObject({ rateName: "Free shipping", cents: 0 });
    expect(missingForFreeShipping(over, 5000)).toBeNull();
  });

  it("never charges more than the price, and nothing at or over the threshold", () => {
    fc.assert(
      fc.property(zone, cents, (z, goods) => {
        const quote = quoteShipping([z], { country: "US", state: "CA" }, goods)!;
        expect(Number.isInteger(quote.cents)).toBe(true);
        expect(quote.cents === 0 || quote.cents === z.priceCents).toBe(true);
        if (z.freeOverCents !== null && goods >= z.freeOverCents) expect(quote.cents).toBe(0);
      }),
    );
  });
});

describe("sales tax", () => {
  it("taxes the goods (and shipping where the state does), rounded half up", () => {
    expect(taxCents(texas, 4500, 500)).toBe(413); // 8.25% of 50.00 = 4.125 → 4.13
    expect(taxCents({ ...texas, taxesShipping: false }, 4500, 500)).toBe(371); // 3.7125
    expect(taxCents(null, 4500, 500)).toBe(0);
    expect(formatTaxRate(825)).toBe("8.25%");
    expect(formatTaxRate(600)).toBe("6%");
  });
});

describe("checkout pricing with shipping and tax", () => {
  const input = fc.record({
    subtotalCents: cents,
    volumeDiscountCents: cents,
    totalQuantity: fc.integer({ min: 1, max: 50 }),
    purchaseType: fc.constantFrom("one_time" as const, "subscription" as const),
    coupon: fc.option(
      fc.record({
        discountType: fc.constantFrom("percentage" as const, "fixed" as const),
        discountValueHundredths: fc.integer({ min: 1, max: 10_000 }),
      }),
      { nil: null },
    ),
    shippingZone: fc.option(zone, { nil: null }),
    taxRate: fc.option(taxRate, { nil: null }),
  });

  it("total = goods after every discount + shipping + tax, all in whole cents", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = priceCheckout(i);
        for (const value of Object.values(r)) expect(Number.isInteger(value)).toBe(true);
        const goods =
          r.subtotalCents - r.volumeDiscountCents - r.subscriptionDiscountCents - r.couponDiscountCents;
        expect(r.goodsCents).toBe(goods);
        expect(r.totalCents).toBe(goods + r.shippingCents + r.taxCents);
        expect(r.taxCents).toBe(taxCents(i.taxRate, goods, r.shippingCents));
        if (i.purchaseType === "subscription") expect(r.shippingCents).toBe(0);
      }),
    );
  });

  it("prices the spec example: $45 goods in Texas, $5 shipping free over $50, 8.25% tax on both", () => {
    const r = priceCheckout({
      subtotalCents: 4500,
      totalQuantity: 1,
      purchaseType: "one_time",
      shippingZone: us,
      taxRate: texas,
    });
    expect(r).toMatchObject({ shippingCents: 500, taxCents: 413, totalCents: 5413 });
  });
});
