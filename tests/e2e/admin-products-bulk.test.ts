import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * The products back office at volume: the list's search and filters in the URL, the bulk price
 * grid, and a scheduled draft that goes live when the publishing job (each second here) runs.
 */
const e2e = setupE2E({
  env: { ...adminEnv, SWEEP_INTERVAL_MS: "1000" },
  prepare: async (db) => {
    await createProduct(db, { name: "Alder Resin", slug: "alder-resin", priceCents: 2000 });
    await createProduct(db, { name: "Birch Resin", slug: "birch-resin", priceCents: 3000 });
    await createProduct(db, { name: "Cedar Draft Resin", slug: "cedar-draft-resin", status: "draft" });
    // Scheduled far ahead: the test moves the time to now through the form.
    await createProduct(db, {
      name: "Dawn Resin",
      slug: "dawn-resin",
      status: "draft",
      publishAt: new Date("2099-01-01T00:00:00Z"),
    });
  },
});

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
const storefrontStatus = async (slug: string) => (await fetch(`${e2e.app.url}/product/${slug}`)).status;

describe("admin products at volume", () => {
  it("searches by SKU and filters by status, all in the URL, and the back button returns", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    await page.getByLabel("Search name or SKU").fill("cedar-draft");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=cedar-draft/);
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    expect(await rowOf(page, "Cedar Draft Resin").innerText()).toContain("Draft");

    await page.getByLabel("Search name or SKU").fill("");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/status=draft/);
    await expect.poll(() => page.getByRole("row").count()).toBe(3);
    expect(await page.getByRole("table").innerText()).not.toContain("Alder Resin");
    expect(await page.getByText("2 products").count()).toBe(1);

    await page.goBack();
    await page.waitForURL(/q=cedar-draft/);
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
  });

  it("edits two prices in the grid with the keyboard, shows a bad cell's message, saves both at once", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products?sort=name");
    await page.getByRole("checkbox", { name: "Select Alder Resin" }).check();
    await page.getByRole("checkbox", { name: "Select Birch Resin" }).check();
    await page.getByRole("button", { name: "Bulk edit selected" }).click();
    const grid = page.getByRole("table", { name: "Variants to edit" });
    await grid.waitFor();

    const alder = grid.getByLabel("Price of Alder Resin 30g");
    await alder.fill("-3");
    await expect.poll(() => grid.getByText("Price cannot be negative").count()).toBe(1);
    await alder.fill("24.50");
    expect(await grid.getByText("Price cannot be negative").count()).toBe(0);
    // Enter moves down to the next row's price, arrow right to its compare-at, left back.
    await page.keyboard.press("Enter");
    await expect.poll(() => activeLabel(page)).toBe("Price of Birch Resin 30g");
    await page.keyboard.type("31");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => activeLabel(page)).toBe("Compare-at of Birch Resin 30g");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => activeLabel(page)).toBe("Compare-at of Alder Resin 30g");

    await page.getByRole("button", { name: "Save 2 changes" }).click();
    await waitForToast(page, "2 variants saved");
    expect(await grid.getByLabel("Price of Alder Resin 30g").inputValue()).toBe("24.50");
    expect(await grid.getByLabel("Price of Birch Resin 30g").inputValue()).toBe("31.00");
    const store = await (await fetch(`${e2e.app.url}/product/birch-resin`)).text();
    expect(store).toContain("$31.00");
  });

  it("publishes a scheduled draft when its time comes, and only then is it on the storefront", async () => {
    expect(await storefrontStatus("dawn-resin")).toBe(404);
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products?status=draft");
    expect(await rowOf(page, "Dawn Resin").innerText()).toContain("Publishes 2099-01-01 00:00 UTC");
    await rowOf(page, "Dawn Resin").getByRole("link", { name: "Edit Dawn Resin" }).click();
    await page.getByLabel("Publish at (UTC)").fill(new Date().toISOString().slice(0, 16));
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");

    // The job's next tick (each second) makes it active: wait for the storefront to show it.
    await expect.poll(() => storefrontStatus("dawn-resin"), { timeout: 20_000 }).toBe(200);
    const list = await (await fetch(`${e2e.app.url}/products`)).text();
    expect(list).toContain("Dawn Resin");
    await page.goto("/admin/products?q=dawn");
    expect(await rowOf(page, "Dawn Resin").innerText()).toContain("Active");
  });
});
