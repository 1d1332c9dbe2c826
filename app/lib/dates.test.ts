import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("admin date formats", () => {
  it("formats as MMM dd, yyyy and MMM dd, yyyy HH:mm", () => {
    expect(formatDate(new Date("2024-01-05T23:10:00Z"))).toBe("Jan 05, 2024");
    expect(formatDateTime("2024-01-05T09:07:00Z")).toBe("Jan 05, 2024 09:07");
  });
});
