import { describe, expect, it } from "vitest";
import { createProduct, updateOnlyVariant } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin } from "../support/e2e-helpers.ts";
import { openCartDrawer, openStorePage, waitForCartQuantity } from "../support/store.ts";

/**
 * Issue 31: "Only 3 left" was enforced only at Pay (the cart took 5), and the admin list said
 * "10000 in stock · Sold Out". The cart now caps at what is free; the list says the mark rules.
 */
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const scarce = await createProduct(db, { name: "Scarce Resin", slug: "scarce-resin" });
    await updateOnlyVariant(db, scarce.id, { stockQuantity: 3 });
    const marked = await createProduct(db, { name: "Marked Resin", slug: "marked-resin" });
    await updateOnlyVariant(db, marked.id, { stockQuantity: 10000, soldOut: true });
  },
});

describe("stock caps the cart", () => {
  it("refuses 5 of 3 on the product page and a 4th in the cart, with 'Only 3 left' there", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/product/scarce-resin");
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("5");
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await page.getByRole("alert").filter({ hasText: "Only 3 left" }).waitFor();
    await waitForCartQuantity(page, 0);

    await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await waitForCartQuantity(page, 3);

    // One more is refused where it is asked, with the same message; the cart keeps its 3.
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
    await page.getByRole("button", { name: /^Add to Cart/ }).click();
    await page.getByRole("alert").filter({ hasText: "Only 3 left" }).waitFor();
    await waitForCartQuantity(page, 3);

    // In the cart the line is at its cap: its + is disabled.
    const drawer = await openCartDrawer(page);
    expect(await drawer.getByRole("button", { name: /Increase quantity of Scarce Resin/ }).isDisabled()).toBe(
      true,
    );
  });

  it("the admin list says the sold-out mark rules over the stock", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    const row = page.getByRole("row").filter({ hasText: "Marked Resin" });
    await row.getByText("Sold Out (marked)").waitFor();
    expect(await row.innerText()).toContain(
      "Marked sold out: the mark rules, so its 10000 in stock are not for sale.",
    );
  });
});
