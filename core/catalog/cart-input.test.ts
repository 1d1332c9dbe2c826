import { describe, expect, it } from "vitest";
import { parseCartAction, quantityMessage } from "./cart-input.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const id = "7d0f3a52-8a4e-4a8b-9f51-3c1f2b9d6e10";

describe("parseCartAction", () => {
  it("accepts whole quantities from 1 to 99", () => {
    expect(parseCartAction(form({ intent: "add", productId: id, quantity: " 3 " }))).toEqual({
      ok: true,
      action: { intent: "add", productId: id, quantity: 3 },
    });
    expect(parseCartAction(form({ intent: "update", lineId: id, quantity: "99" })).ok).toBe(true);
    expect(parseCartAction(form({ intent: "remove", lineId: id })).ok).toBe(true);
  });

  it("refuses anything else with one clear message", () => {
    for (const quantity of ["0", "100", "-1", "1.5", "abc", "", "1e2"]) {
      expect(parseCartAction(form({ intent: "add", productId: id, quantity }))).toEqual({
        ok: false,
        error: quantityMessage,
      });
    }
    expect(parseCartAction(form({ intent: "add", productId: id }))).toEqual({
      ok: false,
      error: quantityMessage,
    });
    expect(parseCartAction(form({ intent: "remove", lineId: "x" }))).toEqual({
      ok: false,
      error: "Unknown cart item.",
    });
    expect(parseCartAction(form({ intent: "explode" }))).toEqual({
      ok: false,
      error: "Unknown cart action.",
    });
  });
});
