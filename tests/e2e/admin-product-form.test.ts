import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * Issue 31, item 14: a new product could not get its Supplement Facts before its first save,
 * "Generate variants" kept the new product's default 30ml row, and at 1280 px the variants table
 * squeezed its SKU to ~25 px and cut off the low-stock column.
 */
const e2e = setupE2E({ seed: "none", env: adminEnv });

describe("the admin's new product form", () => {
  it("generates only the typed values' variants (the default 30ml row is not kept), readable at 1280 px", async () => {
    const page = await e2e.newPage();
    expect(page.viewportSize()?.width).toBe(1280);
    await signInAsAdmin(page, "/admin/products?new");
    await page.getByRole("heading", { name: "Add New Product" }).waitFor();
    await page.getByLabel("Option 1 values").fill("50g, 100g");
    await page.getByRole("button", { name: "Generate variants" }).click();
    const table = page.getByRole("table", { name: "Variants" });
    await table.getByLabel("SKU, 100g").waitFor();
    const rows = table.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await table.innerText()).not.toContain("30ml");

    // Readable columns, and the page itself does not scroll sideways (the table scrolls in its box).
    const sku = await table.getByLabel("SKU, 50g").boundingBox();
    const lowStock = await table.getByLabel("Low-stock threshold, 50g").boundingBox();
    expect(sku!.width).toBeGreaterThanOrEqual(120);
    expect(lowStock!.width).toBeGreaterThanOrEqual(56);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("creates the product and opens its Supplement Facts in one step", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products?new");
    await page.getByLabel("Name", { exact: true }).fill("Facts First Resin");
    await page
      .getByLabel(/^Price \(USD\), /)
      .first()
      .fill("49.99");
    await page.getByRole("button", { name: "Create and add Supplement Facts" }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}\/label$/);
    await waitForToast(page, "Product created: add its Supplement Facts");
    await page.getByRole("button", { name: "Save Supplement Facts" }).waitFor();
  });
});
