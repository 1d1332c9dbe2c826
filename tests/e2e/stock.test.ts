import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { productVariants } from "../../server/db/schema/index.ts";
import { createProduct } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, toastsGone, waitForToast } from "../support/e2e-helpers.ts";
import { openStorePage } from "../support/store.ts";

/**
 * Stock counts end to end (docs/stock.md): the owner adjusts a count on the product's stock
 * screen and sees the movement; a shopper sees "Only 2 left", then SOLD OUT once it is zero
 * (the cached product page refreshes because the visible stock changed).
 */
const ids = { product: "" };
const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Counted Resin", slug: "counted-resin" });
    ids.product = product.id;
    await db
      .update(productVariants)
      .set({ stockQuantity: 10 })
      .where(eq(productVariants.productId, product.id));
  },
});

async function setStock(page: Page, quantity: string, note: string) {
  await page.goto(`/admin/products/${ids.product}/stock`);
  await page.getByLabel("Quantity").fill(quantity);
  await page.getByLabel("Note (optional)").fill(note);
  await page.getByRole("button", { name: "Save stock" }).click();
  await waitForToast(page, `Stock is now ${quantity}`);
}

describe("stock counts", () => {
  it("the owner sets stock to 2 and sees the movement; the shopper sees Only 2 left, then SOLD OUT at 0", async () => {
    const owner = await e2e.newPage();
    await signInAsAdmin(owner, "/admin/products");
    await expect
      .poll(() => owner.getByRole("link", { name: /stock of Counted Resin$/ }).innerText())
      .toBe("10 in stock");
    await owner.getByRole("link", { name: /stock of Counted Resin$/ }).click();
    await owner.getByRole("heading", { name: "Stock: Counted Resin" }).waitFor();

    await setStock(owner, "2", "shelf recount");
    const movements = owner.getByRole("table", { name: "Stock movements" });
    const row = movements.getByRole("row").filter({ hasText: "shelf recount" });
    expect(await row.innerText()).toMatch(/-8\s+2\s+adjustment\s+owner@example\.com/);
    await toastsGone(owner);
    await expectNoSeriousA11yViolations(owner, "stock screen");

    const shopper = await e2e.newPage();
    await openStorePage(shopper, "/product/counted-resin");
    await shopper.getByText("Only 2 left").waitFor();

    await setStock(owner, "0", "sold the last two in the shop");
    await openStorePage(shopper, "/product/counted-resin");
    await shopper.getByText("SOLD OUT").first().waitFor();
    expect(await shopper.getByText("Only 2 left").count()).toBe(0);
  });

  it("a count below zero is refused with a clear message and what was typed stays", async () => {
    const owner = await e2e.newPage();
    await signInAsAdmin(owner, `/admin/products/${ids.product}/stock`);
    await owner.getByLabel("Change").selectOption("add");
    await owner.getByLabel("Quantity").fill("-50");
    await owner.getByRole("button", { name: "Save stock" }).click();
    await owner
      .getByText(/Stock cannot go below zero/)
      .first()
      .waitFor();
    expect(await owner.getByLabel("Quantity").inputValue()).toBe("-50");
  });
});
