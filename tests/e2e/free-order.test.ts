import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createProduct } from "../factories/index.ts";
import { TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";
import { setupE2E } from "../support/browser.ts";
import { waitForToast } from "../support/e2e-helpers.ts";
import {
  addFromGrid,
  applyCoupon,
  openCheckout,
  openStorePage,
  waitForCartQuantity,
} from "../support/store.ts";

// A shop taking cards with Stripe (a local fake): an order a coupon makes free never reaches it.
const product = "Free Order Resin";
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const e2e = setupE2E({
  seed: "none",
  env,
  prepare: async (db) => {
    await createProduct(db, { name: product, priceCents: 12000 });
    await createCoupon(db, { code: "ALLFREE", discountType: "percentage", discountValueHundredths: 10000 });
  },
});

describe("a free order", () => {
  it("Pay $0.00 confirms the order at once, without Stripe (a guest is asked for an email first)", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, product, 1);
    await openCheckout(page);
    await applyCoupon(page, "allfree");
    await waitForToast(page, "Coupon Applied!");
    await page.getByRole("button", { name: "Pay $0.00" }).click();
    await waitForToast(page, "Email Needed");

    await page.getByRole("link", { name: "Change address" }).click();
    await page.getByRole("textbox", { name: "Email (optional)" }).fill("free.guest@example.com");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("heading", { name: "Ship to" }).waitFor();
    await applyCoupon(page, "allfree");
    await waitForToast(page, "Coupon Applied!");
    await page.getByRole("button", { name: "Pay $0.00" }).click();

    await page.waitForURL(/\/payment-success\?session_id=free_/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(card).toMatch(/Total\s+\$0\.00/);
    expect(card).toContain(product);
    await waitForCartQuantity(page, 0);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")).toEqual([]);
  });
});
