import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameOriginPath } from "./forms.ts";

describe("sameOriginPath", () => {
  it.each(["/", "/checkout", "/products?page=2", "/blog/a-post#comments", "/a%2F%2Fb"])(
    "keeps %j",
    (path) => {
      expect(sameOriginPath(path)).toBe(path);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/..//evil.example",
    "/./\t/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "checkout",
    "",
  ])("refuses %j", (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it("normalizes what it keeps so the Location header cannot break", () => {
    expect(sameOriginPath("/cart\r\nSet-Cookie: x=1")).toBe("/cartSet-Cookie:%20x=1");
  });

  it("safeRedirectPath falls back for anything else", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath("/\t/evil.example", "")).toBe("");
  });
});
