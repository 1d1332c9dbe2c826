import { describe, expect, it } from "vitest";
import { displayDate, usableDate } from "./dates.ts";
import { testimonialText, truncate } from "./text.ts";

describe("displayDate", () => {
  const today = new Date("2025-06-15T12:00:00Z");
  it("shows the date itself when it is usable", () => {
    expect(displayDate("2024-03-05T10:00:00Z", today)).toBe("March 5, 2024");
    expect(displayDate(new Date("1971-01-01T00:00:00Z"), today)).toBe("January 1, 1971");
  });
  it("falls back to today for empty, invalid, 1970 or earlier", () => {
    for (const value of [
      null,
      undefined,
      "",
      "not a date",
      "1970-01-01T00:00:00Z",
      "1970-12-31T23:59:59Z",
      "1969-07-20",
    ]) {
      expect(displayDate(value, today)).toBe("June 15, 2025");
    }
    expect(usableDate(null, today)).toBe(today);
  });
});

describe("testimonial truncation", () => {
  it("cuts beyond 600 characters without media and 400 with media, adding an ellipsis", () => {
    const long = "a".repeat(700);
    expect(testimonialText(long, false)).toBe(`${"a".repeat(600)}…`);
    expect(testimonialText(long, true)).toBe(`${"a".repeat(400)}…`);
    expect(testimonialText("a".repeat(600), false)).toBe("a".repeat(600));
    expect(testimonialText("a".repeat(400), true)).toBe("a".repeat(400));
    expect(testimonialText("a".repeat(401), true)).toBe(`${"a".repeat(400)}…`);
    expect(truncate("short", 10)).toBe("short");
  });
});
