import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";

describe("formatMoney", () => {
  it("formats cents as US dollars with two decimals and grouping", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(4999)).toBe("$49.99");
    expect(formatMoney(100)).toBe("$1.00");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
  });

  it("shows negative amounts (discounts) with a leading minus", () => {
    expect(formatMoney(-500)).toBe("-$5.00");
  });

  it("rounds fractional cents and refuses non-finite values", () => {
    expect(formatMoney(1999.6)).toBe("$20.00");
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});
