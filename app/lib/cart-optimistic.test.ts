import { describe, expect, it } from "vitest";
import { applyPendingCartChanges } from "./cart-optimistic.ts";
import { type CartLineInput, priceCartLines } from "./cart-pricing.ts";

const ids = {
  a: "0b6c1d7e-1111-4a8b-9f51-3c1f2b9d6e10",
  b: "0b6c1d7e-2222-4a8b-9f51-3c1f2b9d6e10",
  productA: "0b6c1d7e-3333-4a8b-9f51-3c1f2b9d6e10",
  productNew: "0b6c1d7e-4444-4a8b-9f51-3c1f2b9d6e10",
};
const line = (
  lineId: string,
  productId: string,
  quantity: number,
  unitPriceCents: number,
): CartLineInput => ({
  lineId,
  productId,
  slug: "x",
  name: "x",
  weight: "30g",
  quantity,
  unitPriceCents,
  imageUrl: null,
  status: "available",
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const cart = priceCartLines([line(ids.a, ids.productA, 1, 1000), line(ids.b, crypto.randomUUID(), 2, 500)]);

describe("applyPendingCartChanges", () => {
  it("applies updates, removals and adds with recomputed totals", () => {
    const next = applyPendingCartChanges(cart, [
      form({ intent: "update", lineId: ids.b, quantity: "3" }),
      form({ intent: "add", productId: ids.productA, quantity: "2" }),
    ]);
    expect(next.lines.map((l) => l.quantity)).toEqual([3, 3]);
    expect(next.subtotalCents).toBe(3 * 1000 + 3 * 500);
    const removed = applyPendingCartChanges(cart, [form({ intent: "remove", lineId: ids.a })]);
    expect(removed.lines).toHaveLength(1);
    expect(removed.totalCents).toBe(1000);
  });

  it("counts a product not yet in the cart in the quantity only, and ignores invalid input", () => {
    const next = applyPendingCartChanges(cart, [
      form({ intent: "add", productId: ids.productNew, quantity: "4" }),
      form({ intent: "update", lineId: ids.a, quantity: "0" }),
    ]);
    expect(next.quantity).toBe(3 + 4);
    expect(next.lines.map((l) => l.quantity)).toEqual([1, 2]);
    expect(applyPendingCartChanges(cart, [])).toBe(cart);
  });
});
