import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderItems, productOptions } from "../../server/db/schema/index.ts";
import { createOrder, createProduct, createVariant } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, toastsGone, waitForToast } from "../support/e2e-helpers.ts";

const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, { name: "Trail Resin", slug: "trail-resin", priceCents: 5999 });
    await createProduct(db, { name: "Rival Resin", slug: "rival-resin" });
    // Two sizes; the 30g one was bought by Dana, so removing it archives it.
    const kept = await createProduct(db, { name: "Archive Resin", slug: "archive-resin" });
    const bought = await createVariant(db, kept, { title: "100g", sku: "ARCHIVE-100G", priceCents: 12900 });
    await db
      .update(productOptions)
      .set({ values: ["30g", "100g"] })
      .where(eq(productOptions.productId, kept.id));
    const order = await createOrder(db, { paymentStatus: "paid", name: "Dana Archer" });
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: kept.id,
      variantId: bought.id,
      sku: bought.sku,
      name: "Archive Resin",
      weight: "100g",
      unitPriceCents: 12900,
      quantity: 1,
      lineTotalCents: 12900,
    });
  },
});

/** The product page as an anonymous visitor gets it (its serialized data names every live variant). */
async function productPageHtml(slug: string) {
  const response = await fetch(`${e2e.app.url}/product/${slug}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The variants in the product page's loader data, as the hydrated router holds it. */
async function pageVariants(page: Page) {
  // The router object exists once the page has hydrated.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return page.evaluate(() => {
    type Data = { product?: { variants: Record<string, unknown>[] } };
    const router = (
      window as unknown as { __reactRouterDataRouter: { state: { loaderData: Record<string, Data> } } }
    ).__reactRouterDataRouter;
    const product = Object.values(router.state.loaderData).find((d) => d?.product)?.product;
    return product?.variants.map(({ sku, title, priceCents, compareAtCents }) => ({
      sku,
      title,
      priceCents,
      compareAtCents,
    }));
  });
}

async function openEditor(page: Page, name: string) {
  await page.goto("/admin/products");
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await page.getByRole("heading", { name: "Options and variants" }).waitFor();
}

const activeLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);

describe("admin options and variants", () => {
  it("adds a value, generates the variant, edits and reorders it, and the storefront lists both", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await openEditor(page, "Trail Resin");
    await page.getByLabel("Option 1 values").fill("30g, 50g");
    await page.getByRole("button", { name: "Generate variants" }).click();
    const table = page.getByRole("table", { name: "Variants" });
    await table.getByLabel("SKU, 50g").fill("TRAIL-50");
    await table.getByLabel("Price (USD), 50g").fill("79");
    await table.getByLabel("Compare-at price, 50g").fill("89.00");
    // Keyboard: the move button keeps the focus (on the other arrow once at the top).
    await table.getByRole("button", { name: "Move 50g up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => activeLabel(page)).toBe("Move 50g down");
    expect(await table.getByRole("row").nth(1).innerText()).toContain("50g");
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page, "variant editor");

    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    const row = page.getByRole("row").filter({ hasText: "Trail Resin" });
    expect(await row.innerText()).toMatch(/\$59\.99 – \$79\.00\s+2 variants/);

    // The storefront page's data lists the variants in the new order.
    const store = await e2e.newPage();
    await store.goto("/product/trail-resin");
    expect(await pageVariants(store)).toEqual([
      { sku: "TRAIL-50", title: "50g", priceCents: 7900, compareAtCents: 8900 },
      { sku: "TRAIL-RESIN-30G", title: "30g", priceCents: 5999, compareAtCents: null },
    ]);

    // The editor shows the saved rows in their order.
    await openEditor(page, "Trail Resin");
    expect(await table.getByLabel("SKU", { exact: false }).first().inputValue()).toBe("TRAIL-50");
    expect(await table.getByLabel("Price (USD), 50g").inputValue()).toBe("79.00");
  });

  it("refuses a SKU another product uses, naming it, and keeps what was typed", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await openEditor(page, "Trail Resin");
    const table = page.getByRole("table", { name: "Variants" });
    const sku = table.getByLabel("SKU, 30g");
    await sku.fill("RIVAL-RESIN-30G");
    await table.getByLabel("Price (USD), 30g").fill("61.25");
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Failed to save product");
    await page.getByText("SKU RIVAL-RESIN-30G is already used by Rival Resin").waitFor();
    expect(await sku.inputValue()).toBe("RIVAL-RESIN-30G");
    expect(await table.getByLabel("Price (USD), 30g").inputValue()).toBe("61.25");
    expect(await sku.getAttribute("aria-invalid")).toBe("true");
  });

  it("archives a removed variant that is in an order; the order stays readable and it can be restored", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    await openEditor(page, "Archive Resin");
    const table = page.getByRole("table", { name: "Variants" });
    await table.getByRole("button", { name: "Remove 100g" }).click();
    await expect.poll(() => table.getByLabel("SKU, 100g").count()).toBe(0);
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    expect(await page.getByRole("row").filter({ hasText: "Archive Resin" }).innerText()).toContain(
      "1 variant",
    );
    expect(await productPageHtml("archive-resin")).not.toContain("ARCHIVE-100G");

    await openEditor(page, "Archive Resin");
    const archived = table.getByRole("row").filter({ hasText: "Archived" });
    expect(await archived.innerText()).toContain("ARCHIVE-100G");

    await page.goto("/admin/orders");
    const order = page.getByRole("row").filter({ hasText: "Dana Archer" });
    await order.getByRole("button", { name: /^View order/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Archive Resin").waitFor();
    await dialog.getByText("100g").first().waitFor();
    await page.keyboard.press("Escape");

    await openEditor(page, "Archive Resin");
    await table.getByRole("button", { name: "Restore 100g" }).click();
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    expect(await productPageHtml("archive-resin")).toContain("ARCHIVE-100G");
  });

  it("works as a plain form without JavaScript: generate posts the form and answers the new rows", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      // Signed in through the usual page; the session cookie goes to the context without JavaScript.
      const signedIn = await e2e.newPage();
      await signInAsAdmin(signedIn);
      await context.addCookies(await signedIn.context().cookies());
      await page.goto("/admin/products");
      await page.getByRole("link", { name: "Edit Rival Resin" }).click();
      await page.getByLabel("Option 1 values").fill("30g, 250g");
      await page.getByRole("button", { name: "Generate variants" }).click();
      const table = page.getByRole("table", { name: "Variants" });
      await table.getByLabel("Price (USD), 250g").fill("150");
      await page.getByRole("button", { name: "Update Product" }).click();
      await page.getByRole("row").filter({ hasText: "Rival Resin" }).getByText("2 variants").waitFor();
      expect(await productPageHtml("rival-resin")).toContain("RIVAL-RESIN-250G");
    } finally {
      await context.close();
    }
  });
});
