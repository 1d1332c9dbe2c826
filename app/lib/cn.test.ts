import { describe, expect, it } from "vitest";
import { cn } from "./cn.ts";

describe("cn", () => {
  it("joins truthy class names and skips falsy ones", () => {
    expect(cn("a", false, null, undefined, "", "b", ["c", [false, "d"]])).toBe("a b c d");
    expect(cn()).toBe("");
  });
});
