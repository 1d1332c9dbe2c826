import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination-items.ts";

describe("paginationItems", () => {
  it("lists every page when there are 5 or fewer", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it("shows first, last, current ±1 and ellipses when there are more than 5", () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, "ellipsis", 10]);
    expect(paginationItems(2, 10)).toEqual([1, 2, 3, "ellipsis", 10]);
    expect(paginationItems(3, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
    expect(paginationItems(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(paginationItems(9, 10)).toEqual([1, "ellipsis", 8, 9, 10]);
    expect(paginationItems(10, 10)).toEqual([1, "ellipsis", 9, 10]);
    expect(paginationItems(4, 6)).toEqual([1, "ellipsis", 3, 4, 5, 6]);
  });

  it("clamps a current page outside the range", () => {
    expect(paginationItems(0, 8)).toEqual([1, 2, "ellipsis", 8]);
    expect(paginationItems(99, 8)).toEqual([1, "ellipsis", 7, 8]);
  });

  it("never repeats a page and always starts at 1 and ends at the last page", () => {
    for (let total = 6; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = paginationItems(current, total);
        const pages = items.filter((i): i is number => typeof i === "number");
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        expect(items).not.toContain(undefined);
      }
    }
  });
});
