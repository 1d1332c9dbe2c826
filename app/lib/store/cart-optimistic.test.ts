import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCartAction } from "~core/catalog/cart-input.ts";
import { type CartLineInput, priceCartLines } from "~core/pricing/cart-pricing.ts";
import { applyPendingCartChanges, readPendingCartAction } from "./cart-optimistic.ts";

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
  variantId: null,
  sku: null,
  slug: "x",
  name: "x",
  weight: "30g",
  quantity,
  unitPriceCents,
  imageUrl: null,
  status: "available",
  quantityTiers: [],
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

  it("recomputes the volume saving from the tiers the server sent with each line", () => {
    const tiered = priceCartLines([
      { ...line(ids.a, ids.productA, 1, 1000), quantityTiers: [{ minQuantity: 3, percentOff: 10 }] },
      { ...line(ids.b, ids.productA, 1, 500), quantityTiers: [{ minQuantity: 3, percentOff: 10 }] },
    ]);
    expect(tiered.volumeDiscountCents).toBe(0);
    const next = applyPendingCartChanges(tiered, [form({ intent: "update", lineId: ids.a, quantity: "2" })]);
    expect(next).toMatchObject({ subtotalCents: 2500, volumeDiscountCents: 250, totalCents: 2250 });
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

describe("readPendingCartAction", () => {
  // The browser's zod-free reading must take exactly the quantities the server's schema takes.
  it("agrees with the server's parseCartAction on every quantity", () => {
    const quantities = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.integer({ min: -5, max: 1000 }).map(String),
      fc
        .tuple(fc.constantFrom("", " ", "  "), fc.integer({ min: 0, max: 120 }))
        .map(([s, n]) => `${s}${n}${s}`),
    );
    fc.assert(
      fc.property(fc.constantFrom("add", "update"), quantities, (intent, quantity) => {
        const fields: Record<string, string> =
          intent === "add" ? { productId: ids.productA } : { lineId: ids.a };
        const data = form({ intent, ...fields, quantity });
        const server = parseCartAction(data);
        expect(readPendingCartAction(data)).toEqual(server.ok ? server.action : null);
      }),
    );
  });

  it("ignores unknown intents and missing ids", () => {
    expect(readPendingCartAction(form({ intent: "explode", lineId: ids.a }))).toBeNull();
    expect(readPendingCartAction(form({ intent: "remove" }))).toBeNull();
    expect(readPendingCartAction(form({ intent: "add", quantity: "1" }))).toBeNull();
  });
});
