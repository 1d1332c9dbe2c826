import { describe, expect, it } from "vitest";
import { productStockStatus } from "./stock.ts";

describe("productStockStatus", () => {
  it("says the sold-out mark rules when a product marked sold out has stock", () => {
    expect(productStockStatus({ soldOut: true, stockTotal: 10000 })).toEqual({
      label: "Sold Out (marked)",
      detail: "Marked sold out: the mark rules, so its 10000 in stock are not for sale.",
    });
  });

  it("agrees with the stock otherwise", () => {
    expect(productStockStatus({ soldOut: true, stockTotal: 0 })).toEqual({
      label: "Sold Out",
      detail: "No stock left.",
    });
    expect(productStockStatus({ soldOut: true, stockTotal: null })).toEqual({
      label: "Sold Out",
      detail: null,
    });
    expect(productStockStatus({ soldOut: false, stockTotal: 3 })).toEqual({
      label: "Available",
      detail: null,
    });
  });
});
