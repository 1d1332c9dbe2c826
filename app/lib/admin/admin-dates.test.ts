import { describe, expect, it } from "vitest";
import { formatShortUsDate } from "./admin-dates.ts";

describe("formatShortUsDate", () => {
  it("writes month/day/year without leading zeros, in UTC", () => {
    expect(formatShortUsDate(new Date("2024-01-05T23:30:00Z"))).toBe("1/5/2024");
    expect(formatShortUsDate("2025-12-31T00:00:00Z")).toBe("12/31/2025");
  });
});
