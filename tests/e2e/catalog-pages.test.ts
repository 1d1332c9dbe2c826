import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { openStorePage } from "../support/store.ts";

// 30 products, "Catalog Resin 01" (oldest) … "Catalog Resin 30" (newest); 01 costs the most,
// 30 the least. "Catalog Resin 05" and "Catalog Resin 07" are featured.
const name = (i: number) => `Catalog Resin ${String(i).padStart(2, "0")}`;
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    for (let i = 1; i <= 30; i++) {
      await createProduct(db, {
        name: name(i),
        priceCents: 10_000 - i * 100,
        featured: i === 5 || i === 7,
        createdAt: new Date(Date.now() - (31 - i) * 60_000),
      });
    }
  },
});

const linkHref = (page: import("playwright-core").Page, rel: string) =>
  page
    .locator(`link[rel="${rel}"]`)
    .getAttribute("href", { timeout: 1000 })
    .catch(() => null);
const cardNames = (page: import("playwright-core").Page) =>
  page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();

describe("/products pages", () => {
  it("shows 24 products a page with numbered links, canonical and prev/next", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    expect(await cardNames(page)).toEqual(Array.from({ length: 24 }, (_, i) => name(i + 1)));
    await page.getByText("30 products").waitFor();
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    expect(await pagination.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(await linkHref(page, "canonical")).toBe(`${e2e.app.url}/products`);
    expect(await linkHref(page, "next")).toBe(`${e2e.app.url}/products?page=2`);
    expect(await linkHref(page, "prev")).toBeNull();
    await expectNoSeriousA11yViolations(page, "/products with pagination");

    await pagination.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL("**/products?page=2");
    await page.getByRole("heading", { level: 2, name: name(30) }).waitFor();
    expect(await cardNames(page)).toEqual([25, 26, 27, 28, 29, 30].map(name));
    expect(await linkHref(page, "canonical")).toBe(`${e2e.app.url}/products?page=2`);
    expect(await linkHref(page, "prev")).toBe(`${e2e.app.url}/products`);
    expect(await linkHref(page, "next")).toBeNull();
    await pagination.getByRole("link", { name: "Page 1" }).click();
    await page.waitForURL(/\/products$/);
  });

  it("answers a page past the end with 404 and bad parameters with the first page", async () => {
    const past = await fetch(`${e2e.app.url}/products?page=3`);
    expect(past.status).toBe(404);
    expect(await past.text()).toContain("Oops! Page not found");
    for (const query of ["page=abc", "page=0", "page=-1", "page=1.5", "sort=cheapest", "page=1e999"]) {
      const response = await fetch(`${e2e.app.url}/products?${query}`);
      expect(response.status, query).toBe(200);
      expect(await response.text(), query).toContain(name(24));
    }
  });

  it("sorts by price and newest, keeping the sort across pages", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.waitForURL("**/products?sort=price-asc");
    await page
      .getByRole("heading", { level: 2 })
      .first()
      .filter({ hasText: name(30) })
      .waitFor();
    expect((await cardNames(page)).slice(0, 3)).toEqual([name(30), name(29), name(28)]);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL("**/products?sort=price-asc&page=2");
    await page.getByRole("heading", { level: 2, name: name(1) }).waitFor();
    expect(await cardNames(page)).toEqual([6, 5, 4, 3, 2, 1].map(name));
    // Every sort shows the same products: the canonical URL is the page by name.
    expect(await linkHref(page, "canonical")).toBe(`${e2e.app.url}/products?page=2`);

    await page.getByLabel("Sort by").selectOption("newest");
    await page.waitForURL("**/products?sort=newest");
    await page
      .getByRole("heading", { level: 2 })
      .first()
      .filter({ hasText: name(30) })
      .waitFor();
  });

  it("searches names and says when nothing matches", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await page.getByLabel("Search products").fill("resin 1");
    // The list's own button: the header has a site search button too.
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await page.waitForURL("**/products?q=resin+1");
    await page.getByText("10 products matching “resin 1”").waitFor();
    expect(await cardNames(page)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map(name));
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    await page.getByLabel("Search products").fill("no such thing");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await page.getByText("No products match “no such thing”.").waitFor();
    expect(await page.getByLabel("Search products").inputValue()).toBe("no such thing");
  });

  it("still lists every product in the sitemap", async () => {
    const xml = await (await fetch(`${e2e.app.url}/sitemap.xml`)).text();
    expect(xml.match(/\/product\/catalog-resin-/g)).toHaveLength(30);
  });
});

describe("home products", () => {
  it("shows the featured products first, then the newest, 8 in all, with View All Products", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Shilajit Products" });
    expect(await section.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(
      [7, 5, 30, 29, 28, 27, 26, 25].map(name),
    );
    expect(await section.getByRole("link", { name: "View All Products" }).getAttribute("href")).toBe(
      "/products",
    );
  });

  it("follows the admin's Featured choice at once", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    await page.getByRole("link", { name: `Edit ${name(1)}` }).click();
    const featured = page.getByRole("switch", { name: "Featured on the home page" });
    expect(await featured.isChecked()).toBe(false);
    await featured.check();
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");

    await page.goto("/");
    const section = page.getByRole("region", { name: "Shilajit Products" });
    expect(await section.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(
      [7, 5, 1, 30, 29, 28, 27, 26].map(name),
    );
  });
});
