import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { createCoupon, createProduct } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { addFromGrid, applyCoupon, couponInput, openCheckout, openStorePage } from "../support/store.ts";

// The admin's coupon switches take effect at the very next checkout: no cache between them.
const product = "Admin Switch Resin";
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, { name: product, priceCents: 5000 });
    await createCoupon(db, { code: "SWITCH10" });
  },
});

async function openCheckoutWithCart(page: Page) {
  await openStorePage(page, "/products");
  await addFromGrid(page, product, 1);
  await openCheckout(page);
}

describe("admin coupon switches at checkout", () => {
  it("a deactivated coupon is refused, and hiding the only visible coupon removes the coupon box", async () => {
    const shopper = await e2e.newPage("desktop");
    await openCheckoutWithCart(shopper);
    await couponInput(shopper).waitFor();

    const admin = await e2e.newPage("desktop");
    await signInAsAdmin(admin, "/admin/coupons");
    await admin.getByRole("button", { name: "Disable SWITCH10" }).click();
    await waitForToast(admin, "Coupon status updated successfully!");

    await applyCoupon(shopper, "switch10");
    await waitForToast(shopper, "Invalid Coupon");
    await waitForToast(shopper, "Coupon code not found or inactive");

    await admin.getByRole("button", { name: "Hide SWITCH10 on the storefront" }).click();
    await waitForToast(admin, "Coupon visibility updated successfully!");
    await shopper.reload();
    await shopper.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
    await shopper.getByRole("button", { name: /^Pay / }).waitFor();
    await couponInput(shopper).waitFor({ state: "detached" });
  });
});
