import { describe, expect, it } from "vitest";
import { createUser } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer, signIn, waitForToast } from "../support/e2e-helpers.ts";
import { addFromGrid, applyCoupon, openCheckout, openStorePage } from "../support/store.ts";

// Issue 31: Gold Grade $89.99 + Liquid Drops $39.99 as a subscription with WELCOME10 showed
// $129.98 − $10.40 = $93.58 (the 20% subscription discount was not among the lines).
const buyer = "subscriber@example.com";
const e2e = setupE2E({
  prepare: (db) => createUser(db, { email: buyer, name: "Sam Subscriber" }).then(() => {}),
});

/** The money lines of a summary as [label, amount] pairs, the total last. */
const lines = [
  /Subtotal\s+\$129\.98/,
  /Subscription discount\s+-\$26\.00/,
  /Coupon WELCOME10\s+-\$10\.40/,
  /Shipping\s+Free/,
  /Total\s+\$93\.58/,
];

describe("a subscription's success page", () => {
  it("shows the lines that add up to the charge, says it is a subscription, and the order page agrees (the email uses the same lines: core/pricing/order-charges.ts)", async () => {
    const page = await e2e.newPage();
    await signIn(page, buyer, "/products");
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await addFromGrid(page, "Liquid Shilajit Drops", 2);
    await openCheckout(page);
    await page.getByRole("radio", { name: /Monthly subscription/ }).check();
    await applyCoupon(page, "welcome10");
    await waitForToast(page, "Coupon Applied!");
    await page.getByRole("checkbox", { name: /I agree to the automatic renewal terms/ }).check();
    await page.getByRole("button", { name: "Pay $93.58" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Sam Subscriber", buyer);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $93.58" }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    for (const line of lines) expect(card).toMatch(line);
    expect(card).toMatch(/Purchase\s+Monthly subscription/);
    const started = page.getByRole("region", { name: "Your monthly subscription" });
    expect(await started.innerText()).toMatch(/renews automatically every month/);
    expect(await started.innerText()).toMatch(/Next charge: [A-Z][a-z]{2} \d{2}, \d{4}\./);
    await started.getByRole("link", { name: "Manage subscription" }).click();
    await page.waitForURL(/\/account\/subscriptions\/[0-9a-f-]{36}$/);

    await openStorePage(page, "/orders");
    await page
      .getByRole("link", { name: /View order details/ })
      .first()
      .click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: /^Order #/ }).waitFor();
    const order = await page.getByRole("article").innerText();
    for (const line of lines) expect(order).toMatch(line);
  });
});
