import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { openStorePage } from "../support/store.ts";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, { name: "Alpine Resin", tags: ["resin", "gift"] });
    await createProduct(db, { name: "Basecamp Resin", tags: ["resin"] });
    await createProduct(db, { name: "Canyon Drops", tags: ["drops", "gift"] });
  },
});

const cardNames = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();

describe("collections", () => {
  it("an admin makes a collection of two products in their order; the shop, sitemap and filters show it", async () => {
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/collections");
    await admin.getByRole("heading", { name: "Collections" }).waitFor();
    await admin.getByText("No collections found.").waitFor();

    await admin.getByRole("link", { name: "Add Collection" }).click();
    await admin.getByRole("heading", { name: "Add New Collection" }).waitFor();
    const save = admin.getByRole("button", { name: "Add Collection" });
    await save.click();
    await waitForToast(admin, "Failed to save collection");
    await admin.getByRole("main").getByText("Name is required").waitFor();

    await admin.getByLabel("Name", { exact: true }).fill("Summit Picks");
    await admin.getByLabel("Description (Optional)").fill("Our two favourite resins.");
    await admin.getByLabel("SEO title").fill("Summit Picks: Resin We Love");
    await admin.getByLabel("Find products to add").fill("resin");
    expect(await admin.getByRole("checkbox", { name: "Canyon Drops" }).isHidden()).toBe(true);
    await admin.getByRole("checkbox", { name: "Basecamp Resin" }).check();
    await admin.getByRole("checkbox", { name: "Alpine Resin" }).check();
    const chosen = admin.getByRole("list", { name: "Products in this collection" });
    await expect.poll(() => chosen.getByRole("checkbox").count()).toBe(2);
    await admin.getByRole("button", { name: "Move Alpine Resin up" }).click();
    await expect
      .poll(() => chosen.getByRole("listitem").allInnerTexts())
      .toEqual(["Alpine Resin", "Basecamp Resin"]);
    await expectNoSeriousA11yViolations(admin, "collection form");
    await save.click();
    await waitForToast(admin, "Collection created successfully");
    await admin
      .getByRole("article", { name: "Summit Picks" })
      .getByText("/collections/summit-picks · 2 products")
      .waitFor();

    // The storefront page: its products in the collection's order, its SEO title, a 404 next door.
    const shop = await e2e.newPage();
    await openStorePage(shop, "/collections/summit-picks");
    await shop.getByRole("heading", { level: 1, name: "Summit Picks" }).waitFor();
    await shop.getByText("Our two favourite resins.").waitFor();
    await expect.poll(() => cardNames(shop)).toEqual(["Alpine Resin", "Basecamp Resin"]);
    expect(await shop.title()).toBe("Summit Picks: Resin We Love | Peak Shilajit");
    await shop.getByLabel("Sort by").selectOption("name");
    await shop.waitForURL("**/collections/summit-picks?sort=name");
    const missing = await shop.goto("/collections/no-such-collection");
    expect(missing?.status()).toBe(404);
    await shop.getByRole("heading", { name: "Collection not found" }).waitFor();

    const sitemap = await (await shop.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/collections/summit-picks</loc>");

    // /products: the collection row links to it; the filters narrow the list and combine.
    await openStorePage(shop, "/products");
    await shop
      .getByRole("navigation", { name: "Collections" })
      .getByRole("link", { name: "Summit Picks" })
      .waitFor();
    await shop.getByLabel("Collection", { exact: true }).selectOption("summit-picks");
    await shop.waitForURL("**/products?collection=summit-picks");
    await expect.poll(() => cardNames(shop)).toEqual(["Alpine Resin", "Basecamp Resin"]);
    await shop.getByText("2 products in Summit Picks").waitFor();
    await shop.getByLabel("Tag", { exact: true }).selectOption("gift");
    await shop.waitForURL("**/products?collection=summit-picks&tag=gift");
    await expect.poll(() => cardNames(shop)).toEqual(["Alpine Resin"]);
    await shop.getByLabel("Collection", { exact: true }).selectOption("");
    await shop.waitForURL("**/products?tag=gift");
    await expect.poll(() => cardNames(shop)).toEqual(["Alpine Resin", "Canyon Drops"]);
  });

  it("filters without JavaScript, and unknown filters are an empty list, never an error", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products");
    await page.getByLabel("Tag", { exact: true }).selectOption("drops");
    await page.getByRole("search", { name: "Products" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/products\?.*tag=drops/);
    await expect.poll(() => cardNames(page)).toEqual(["Canyon Drops"]);

    for (const query of [
      "collection=nope",
      "tag=nope",
      "collection=%27%3B--&tag=%00",
      `tag=${"x".repeat(5000)}`,
    ]) {
      const response = await page.goto(`/products?${query}`);
      expect(response?.status(), query).toBe(200);
      await page.getByText("No products match these filters.").waitFor();
      await page.getByRole("link", { name: "Show all products" }).waitFor();
    }
    await context.close();
  });
});
