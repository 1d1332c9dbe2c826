import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { historyKey, holdDataReloads, waitForHydration } from "../support/page.ts";

/**
 * A correction typed right after a refusal is never overwritten (app/lib/form-reset-key.ts): React
 * Router shows a refusal's errors before its data reload moves to the new location, and a form
 * keyed by that (or by the refusal's toast) remounted with the refused text. Holding the reload
 * opens that moment. One test per form kind: an admin dialog (coupons) and an admin page form
 * (stock); the shop's forms: addresses.test.ts and contact-about.test.ts.
 */
let productId = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Corrected Resin" });
    productId = product.id;
  },
});

/** Refused, corrected while the reload is held, released: the correction must still be there. */
async function correctDuringReload(page: Page, refuse: () => Promise<void>, correct: () => Promise<void>) {
  const reloads = await holdDataReloads(page);
  const before = await historyKey(page);
  await refuse();
  await correct();
  reloads.release();
  await expect.poll(() => historyKey(page)).not.toBe(before);
}

describe("a correction typed right after a refusal", () => {
  it("stays in the coupon dialog and is what gets created", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/coupons?new");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Create New Coupon" });
    await dialog.getByLabel("Coupon Code").fill("QUICKFIX");
    const value = dialog.getByLabel("Discount Value");
    await correctDuringReload(
      page,
      async () => {
        await value.fill("0");
        await dialog.getByRole("button", { name: "Create Coupon" }).click();
        await dialog.getByText("Discount value must be greater than 0").waitFor();
      },
      () => value.fill("10"),
    );
    expect(await value.inputValue()).toBe("10");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await waitForToast(page, "Coupon created successfully!");
    await page.getByRole("row").filter({ hasText: "QUICKFIX" }).getByText("10%").waitFor();
  });

  it("stays in the stock form of a product page", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, `/admin/products/${productId}/stock`);
    await waitForHydration(page);
    const quantity = page.getByLabel("Quantity");
    await correctDuringReload(
      page,
      async () => {
        await quantity.fill("");
        await page.getByRole("button", { name: "Save stock" }).click();
        await page.getByText("Enter a quantity.").first().waitFor();
      },
      () => quantity.fill("12"),
    );
    expect(await quantity.inputValue()).toBe("12");
    await page.getByRole("button", { name: "Save stock" }).click();
    await waitForToast(page, "Stock is now 12");
  });
});
