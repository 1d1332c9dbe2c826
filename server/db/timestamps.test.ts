import { describe, expect, it } from "vitest";
import { parseTimeKey } from "./keyset.ts";
import { isTimestampText } from "./timestamps.ts";

const ID = "0b9e4a52-2f43-4c1e-9a55-6f0f8c1d2e3f";

describe("timestamps from URLs", () => {
  it("accepts what PostgreSQL prints for a timestamptz", () => {
    for (const text of [
      "2026-11-28 11:08:48.123456+00",
      "2026-02-28 23:59:59+05:30",
      "2024-02-29 00:00:00-08",
      "2026-01-01T00:00:00Z",
      "2026-01-01 00:00:00",
    ])
      expect(isTimestampText(text), text).toBe(true);
  });

  it("refuses what a ::timestamptz cast would fail on", () => {
    for (const text of [
      "2026-99-99 99:99:99",
      "2026-02-30 10:00:00+00",
      "2025-02-29 10:00:00+00",
      "2026-01-01 24:00:00+00",
      "2026-01-01 00:60:00+00",
      "2026-01-01 00:00:00.1234567+00",
      "2026-01-01 00:00:00+99:99",
      "0000-01-01 00:00:00+00",
      "99999-01-01 00:00:00",
      "2026-01-01",
      "now",
      "",
    ])
      expect(isTimestampText(text), text).toBe(false);
  });

  it("reads a page position only when both halves are valid", () => {
    expect(parseTimeKey(`2026-11-28 11:08:48.5+00~${ID}`, "~")).toEqual({
      createdAt: "2026-11-28 11:08:48.5+00",
      id: ID,
    });
    expect(parseTimeKey(`2026-11-28 11:08:48+00~${"-".repeat(36)}`, "~")).toBeNull();
    expect(parseTimeKey(`2026-99-99 99:99:99~${ID}`, "~")).toBeNull();
    expect(parseTimeKey(ID, "~")).toBeNull();
    expect(parseTimeKey(null, "~")).toBeNull();
    expect(parseTimeKey(`${"9".repeat(200)}~${ID}`, "~")).toBeNull();
  });
});
