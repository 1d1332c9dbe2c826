import { describe, expect, it } from "vitest";
import { type CartLineInput, priceCartLines } from "./cart-pricing.ts";

const line = (overrides: Partial<CartLineInput>): CartLineInput => ({
  lineId: crypto.randomUUID(),
  productId: crypto.randomUUID(),
  variantId: null,
  sku: null,
  slug: "resin",
  name: "Resin",
  weight: "30g",
  quantity: 1,
  unitPriceCents: 5999,
  imageUrl: null,
  status: "available",
  quantityTiers: [],
  ...overrides,
});

describe("priceCartLines", () => {
  it("is empty for no lines", () => {
    expect(priceCartLines([])).toEqual({
      lines: [],
      quantity: 0,
      subtotalCents: 0,
      volumeDiscountCents: 0,
      totalCents: 0,
      hasUnavailableLines: false,
    });
  });

  it("multiplies in integer cents and totals the lines", () => {
    const cart = priceCartLines([
      line({ quantity: 3, unitPriceCents: 1999 }),
      line({ quantity: 1, unitPriceCents: 1 }),
    ]);
    expect(cart.lines.map((l) => l.lineTotalCents)).toEqual([5997, 1]);
    expect(cart.subtotalCents).toBe(5998);
    expect(cart.totalCents).toBe(5998);
    expect(cart.quantity).toBe(4);
  });

  it("counts unavailable lines in the quantity but not in the money", () => {
    const cart = priceCartLines([
      line({ quantity: 2, unitPriceCents: 1000 }),
      line({ quantity: 1, status: "sold_out" }),
      line({ quantity: 4, status: "deleted", unitPriceCents: null, productId: null }),
    ]);
    expect(cart.subtotalCents).toBe(2000);
    expect(cart.quantity).toBe(7);
    expect(cart.hasUnavailableLines).toBe(true);
  });
});
