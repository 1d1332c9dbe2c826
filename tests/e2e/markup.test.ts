import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { markupProblems as problemsIn } from "../support/markup.ts";
import { addFromGrid, openStorePage } from "../support/store.ts";

/**
 * The storefront's HTML as the server sends it, checked by a real validator (tests/support/markup.ts).
 * A product page with a variant picker is checked in tests/e2e/product-variants.test.ts.
 */
const e2e = setupE2E();

const publicPages = [
  "/",
  "/products",
  "/search",
  "/search?q=resin",
  "/search?q=zzqx",
  "/product/pure-himalayan-shilajit-resin",
  "/collections/resin",
  "/products?collection=resin&tag=lab%20tested",
  "/products?tag=no-such-tag",
  "/blog",
  "/blog/lab-tested-how-we-verify-every-batch",
  "/about",
  "/contact",
  "/validity",
  "/auth",
];

/** Opens each page in turn; all pages' problems are reported together. */
async function expectValidPages(page: Page, paths: string[]) {
  const problems: Record<string, string[]> = {};
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    problems[path] = await problemsIn(await response!.text());
  }
  expect(problems).toEqual(Object.fromEntries(paths.map((path) => [path, []])));
}

describe("storefront markup", () => {
  it("is valid HTML on every public page", async () => {
    await expectValidPages(await e2e.newPage(), publicPages);
  });

  it("is valid HTML on the cart and checkout with a product in the cart", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await expectValidPages(page, ["/cart", "/checkout"]);
  });

  it("the validator catches what it is here for", async () => {
    const broken = `<!doctype html><html lang="en"><head><title>x</title></head><body>
      <div><figcaption>loose caption</figcaption></div><p class="a b a">x</p></body></html>`;
    const problems = await problemsIn(broken);
    expect(problems.some((p) => p.includes("element-permitted-content"))).toBe(true);
    expect(problems.some((p) => p.includes("no-dup-class"))).toBe(true);
  });
});
