import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { fakePaypalEnv } from "../fakes/paypal-fixtures.ts";
import { FakePaypal } from "../fakes/paypal-server.ts";
import type { StartAppOptions } from "../support/app.ts";
import { setupE2E } from "../support/browser.ts";
import { signIn, waitForToast } from "../support/e2e-helpers.ts";
import {
  addFromGrid,
  applyCoupon,
  openCheckout,
  openStorePage,
  waitForCartQuantity,
} from "../support/store.ts";

// Demo data: Gold Grade $89.99 (30g), Liquid Drops $39.99 (30ml); coupon WELCOME10.
const subscriber = "paypal-subscriber@example.com";
const fake = new FakePaypal();
const options: StartAppOptions & { env: Record<string, string> } = {
  env: {},
  prepare: async (db) => {
    await createUser(db, { email: subscriber, name: "Sam Subscriber" });
  },
};
// Registered before setupE2E's hook, so the app starts with PAYPAL_* pointing at the fake.
beforeAll(async () => {
  await fake.start();
  Object.assign(options.env, fakePaypalEnv(fake));
});
afterAll(() => fake.stop());
const e2e = setupE2E(options);

/** On the checkout page: PayPal, Pay, then approve at the fake PayPal (which returns to the shop). */
async function payWithPaypal(page: Page, amount: string) {
  await page.getByRole("radio", { name: "PayPal" }).check();
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await page.waitForURL((url) => url.href.startsWith(fake.url));
  await page.getByRole("heading", { name: "Fake PayPal approval" }).waitFor();
  await page.getByRole("button", { name: "Approve payment" }).click();
}

describe("checkout with PayPal (against a fake PayPal)", () => {
  it("guest one-time purchase: approval at PayPal, captured once on /paypal-success", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openCheckout(page);
    await applyCoupon(page, "WELCOME10");
    await page.getByText("WELCOME10 applied: -$9.00").waitFor();
    await payWithPaypal(page, "$80.99");

    await page.waitForURL(/\/paypal-success\?token=[^&]+&PayerID=FAKEPAYER/);
    await page.getByRole("heading", { name: "PayPal Payment Successful!" }).waitFor();
    const card = page.getByRole("region", { name: /^Order #/ });
    expect(await card.innerText()).toMatch(/Total\s+\$80\.99/);
    expect(await card.innerText()).toMatch(/Payment method\s+PayPal/);
    expect(await card.innerText()).toMatch(/Coupon WELCOME10\s+-\$9\.00/);
    await waitForCartQuantity(page, 0);
    // What PayPal was asked to charge: the server's total, coupon included.
    expect(JSON.stringify([...fake.orders.values()][0]?.request)).toContain('"value":"80.99"');

    await page.reload();
    await page.getByRole("heading", { name: "PayPal Payment Successful!" }).waitFor();
    await card.waitFor();
    expect(fake.capturesMade).toBe(1);
  });

  it("signed-in monthly subscription: PayPal returns subscription_id, the order is shown; cancel stops it at PayPal", async () => {
    const page = await e2e.newPage();
    await signIn(page, subscriber, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    await page.getByRole("radio", { name: /Monthly subscription/ }).check();
    await page.getByRole("checkbox", { name: /I agree to the automatic renewal terms/ }).check();
    await payWithPaypal(page, "$33.99");

    await page.waitForURL(/\/paypal-success\?subscription_id=I-/);
    await page.getByRole("heading", { name: "PayPal Payment Successful!" }).waitFor();
    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(card).toMatch(/Total\s+\$33\.99/);
    const [subscription] = [...fake.subscriptions.values()];
    expect(subscription?.status).toBe("ACTIVE");

    // "Cancel anytime": PayPal stops billing at once; the shop keeps it until the paid month ends.
    await openStorePage(page, "/account/subscriptions");
    await page.getByRole("button", { name: /^Cancel subscription/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await page
      .getByRole("main")
      .getByText(/Cancels on/)
      .first()
      .waitFor();
    expect(subscription?.status).toBe("CANCELLED");
  });

  it("cancel at PayPal returns to checkout with the cart, and the one-use coupon is free again", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    await applyCoupon(page, "ONCE15");
    await page.getByRole("radio", { name: "PayPal" }).check();
    await page.getByRole("button", { name: "Pay $33.99" }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.url));
    await page.getByRole("link", { name: "Cancel and return to the shop" }).click();

    await page.waitForURL(/\/checkout$/);
    await waitForToast(page, "Payment cancelled");
    await waitForCartQuantity(page, 1);
    // The cart keeps the coupon: its own cancelled payment's hold never counts against it (even
    // while the release is still under way), and the use was released, so Pay still says $33.99.
    await page.getByRole("button", { name: "Pay $33.99" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Coupon code" }).count()).toBe(0);
    // Released, not only kept: another shopper's cart may apply the one use now.
    const other = await e2e.newPage();
    await openStorePage(other, "/products");
    await addFromGrid(other, "Liquid Shilajit Drops", 1);
    await openCheckout(other);
    await applyCoupon(other, "ONCE15");
    await waitForToast(other, "Coupon Applied!");
  });

  it("a declined card at capture sends the buyer back to PayPal to choose another; then it is paid once", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openCheckout(page);
    const captures = fake.capturesMade;
    fake.declineNextCapture("INSTRUMENT_DECLINED");
    await payWithPaypal(page, "$89.99");

    await page.getByRole("heading", { name: "Choose another way to pay" }).waitFor();
    await page.getByText("PayPal declined the card or account you chose, so nothing was charged.").waitFor();
    await waitForToast(page, "Payment declined");
    await page.getByRole("link", { name: "Choose another payment method at PayPal" }).click();
    await page.getByRole("heading", { name: "Fake PayPal approval" }).waitFor();
    await page.getByRole("button", { name: "Approve payment" }).click();

    await page.getByRole("heading", { name: "PayPal Payment Successful!" }).waitFor();
    expect(await page.getByRole("region", { name: /^Order #/ }).innerText()).toMatch(/Total\s+\$89\.99/);
    expect(fake.capturesMade - captures).toBe(1);
    expect(fake.refusals).toEqual([]);
  });

  it("POST /webhooks/paypal refuses an unverified event with 400", async () => {
    const signed = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: "ORD-NOT-OURS" });
    const url = `${e2e.app.url}/webhooks/paypal`;
    const forged = await fetch(url, {
      method: "POST",
      body: signed.body.replace("NOT", "NOPE"),
      headers: signed.headers,
    });
    expect(forged.status).toBe(400);
    const genuine = await fetch(url, { method: "POST", body: signed.body, headers: signed.headers });
    expect(genuine.status).toBe(200);
  });
});
