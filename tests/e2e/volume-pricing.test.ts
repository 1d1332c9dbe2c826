import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, fillSandboxBuyer, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import {
  clickWhenIdle,
  openCheckout,
  openStorePage,
  untilCartAnswered,
  waitForCartQuantity,
} from "../support/store.ts";

// Decision 030: "Buy 3, save 10%" on the product page, the saving in the cart and at checkout,
// and the sandbox charges the reduced total.
const tiered = "Tiered Trial Resin";
const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, {
      name: tiered,
      slug: "tiered-trial-resin",
      priceCents: 2000,
      quantityTiers: [
        { minQuantity: 3, percentOff: 10 },
        { minQuantity: 6, percentOff: 15 },
      ],
    });
    await createProduct(db, { name: "Untiered Admin Resin", slug: "untiered-admin-resin", priceCents: 1000 });
  },
});

const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });

describe("volume pricing", () => {
  it("shows the tiers, the cart saving at 3 units (also as you change it), and charges it", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/product/tiered-trial-resin");
    const tiers = page.getByRole("region", { name: "Multi-pack savings" });
    await tiers.getByText("Buy 3, save 10%").waitFor();
    await tiers.getByText("Buy 6, save 15%").waitFor();

    await page.getByRole("button", { name: `Increase quantity of ${tiered}` }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForCartQuantity(page, 2);
    await waitForToast(page, "Added to cart"); // the server's answer, before leaving the page

    await openStorePage(page, "/cart");
    expect(await summary(page).innerText()).not.toContain("Volume saving");
    // The third unit reaches the tier: the browser recomputes at once, the server confirms.
    const increase = page.getByRole("button", { name: `Increase quantity of ${tiered}` });
    await clickWhenIdle(increase);
    await waitForCartQuantity(page, 3);
    await expect.poll(() => summary(page).innerText()).toMatch(/Volume saving\s+-\$6\.00/);
    expect(await summary(page).innerText()).toMatch(/Subtotal\s+\$60\.00/);
    expect(await summary(page).innerText()).toMatch(/Total\s+\$54\.00/);
    await untilCartAnswered(increase); // the reload shows what the server saved
    await page.reload();
    expect(await summary(page).innerText()).toMatch(/Total\s+\$54\.00/);

    await openCheckout(page);
    const checkout = await summary(page).innerText();
    expect(checkout).toMatch(/Volume saving\s+-\$6\.00/);
    expect(checkout).toMatch(/Total\s+\$54\.00/);
    await page.getByRole("button", { name: "Pay $54.00" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await page.getByText("$54.00").first().waitFor();
    await fillSandboxBuyer(page, "Tia Tiered", "tia@example.com");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $54.00" }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(card).toMatch(/Volume saving\s+-\$6\.00/);
    expect(card).toMatch(/Total\s+\$54\.00/);
  });

  it("the admin edits a product's tiers: a bad tier is explained and kept, good tiers show in the shop", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    const row = page.getByRole("row").filter({ hasText: "Untiered Admin Resin" });
    await row.getByRole("link", { name: /^Edit/ }).click();
    const tiers = page.getByRole("group", { name: "Quantity tiers" });
    await tiers.getByRole("button", { name: "Add tier" }).click();
    await tiers.getByLabel("Tier 1 quantity").fill("3");
    await tiers.getByLabel("Tier 1 saving (%)").fill("95");
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Failed to save product");
    await tiers.getByText("Tier 1: the saving must be a whole percent from 1 to 90.").waitFor();
    expect(await tiers.getByLabel("Tier 1 quantity").inputValue()).toBe("3");

    await tiers.getByLabel("Tier 1 saving (%)").fill("12");
    await page.getByRole("button", { name: "Update Product" }).click();
    await waitForToast(page, "Product updated successfully");
    const store = await e2e.newPage();
    await openStorePage(store, "/product/untiered-admin-resin");
    await store.getByText("Buy 3, save 12%").waitFor();
  });
});
