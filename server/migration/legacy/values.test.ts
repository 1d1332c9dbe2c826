import { describe, expect, it } from "vitest";
import { parseOrderItems, toHundredths, toTextList } from "./values.ts";

describe("reading the old shop's values", () => {
  it("turns decimals (numbers or text) into exact cents", () => {
    expect(toHundredths(29.99)).toBe(2999);
    expect(toHundredths("19.5")).toBe(1950);
    expect(toHundredths("$1,299.00")).toBe(129900);
    expect(toHundredths(0.1 + 0.2)).toBe(30);
    expect(toHundredths("12.345")).toBe(1235);
    expect(toHundredths(".5")).toBe(50);
    expect(toHundredths("abc")).toBeNull();
    expect(toHundredths("")).toBeNull();
    expect(toHundredths(null)).toBeNull();
  });

  it("reads lists from arrays, JSON text and PostgreSQL array text, dropping blanks", () => {
    expect(toTextList(["a", " ", "", "b "])).toEqual(["a", "b"]);
    expect(toTextList('["x",""]')).toEqual(["x"]);
    expect(toTextList("{one,two}")).toEqual(["one", "two"]);
    expect(toTextList(null)).toEqual([]);
  });

  it("reads order_items as a list or a JSON string of one, with the spec's defaults", () => {
    const items = [{ name: "Resin", weight: "30g", price: "10.50", quantity: "2" }, {}];
    const expected = [
      { productId: null, name: "Resin", weight: "30g", unitPriceCents: 1050, quantity: 2, imageUrl: null },
      { productId: null, name: "Unknown Item", weight: "", unitPriceCents: 0, quantity: 1, imageUrl: null },
    ];
    expect(parseOrderItems(items)).toEqual(expected);
    expect(parseOrderItems(JSON.stringify(items))).toEqual(expected);
    expect(parseOrderItems([{ quantity: 0, price: -3 }])![0]).toMatchObject({
      quantity: 1,
      unitPriceCents: 0,
    });
    expect(parseOrderItems("not json")).toBeNull();
    expect(parseOrderItems({ not: "a list" })).toBeNull();
  });
});
