import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, fakeBuyer, startFakeStripe } from "../fakes/stripe-server.ts";
import { setupE2E } from "../support/browser.ts";
import { latestEmailTo, mailReaderEnv } from "../support/mail.ts";
import { addFromGrid, openCheckout, openStorePage, waitForCartQuantity } from "../support/store.ts";

// Demo data: Gold Grade $89.99 (30g). The app talks to a local fake Stripe through the real SDK.
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  ...mailReaderEnv,
};
let fake: FakeStripe;
// Registered before setupE2E's hooks, so the fake's address is in `env` when the app starts.
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const e2e = setupE2E({ env });

describe("checkout with Stripe", () => {
  it("offers only the card: PayPal has no keys here, so it is not shown", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openCheckout(page);
    const methods = page.getByRole("group", { name: "Payment Method" });
    const card = methods.getByRole("radio", { name: "Credit / Debit Card" });
    await card.waitFor();
    expect(await card.isChecked()).toBe(true);
    expect(await methods.getByRole("radio").count()).toBe(1);
    expect(await page.getByRole("radio", { name: "PayPal" }).count()).toBe(0);
  });

  it("card payment goes to Stripe's hosted page; back on the success page the order is shown", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Gold Grade Shilajit Resin", 1);
    await openCheckout(page);
    await page.getByRole("button", { name: "Pay $89.99" }).click();

    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/c/pay/cs_test_`));
    await page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    const session = fake.session(sessionId);
    expect(session).toMatchObject({ mode: "payment", amount_total: 8999, status: "open" });

    // The buyer pays on Stripe, which sends them to the success URL with the session id.
    fake.completeSession(sessionId);
    const successUrl = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId);
    expect(successUrl.startsWith(`${e2e.app.url}/payment-success?session_id=`)).toBe(true);
    await page.goto(successUrl);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const card = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(card).toMatch(/Total\s+\$89\.99/);
    expect(card).toContain("Gold Grade Shilajit Resin");
    await waitForCartQuantity(page, 0);
    // Fulfilled with the buyer Stripe collected: the confirmation goes to their address.
    const orderNumber = (await page.getByRole("heading", { name: /^Order #/ }).innerText()).replace(
      "Order #",
      "",
    );
    const mail = await latestEmailTo(e2e, fakeBuyer.email);
    expect(mail.subject).toBe(`Order confirmation #${orderNumber}`);
  });

  it("cancel on Stripe's page returns to checkout with the cart intact and gives the session up", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    await page.getByRole("button", { name: "Pay $39.99" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/c/pay/`));
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;

    await page.goto(String(fake.session(sessionId).cancel_url));
    await page.waitForURL(/\/checkout$/);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Payment cancelled")
      .waitFor();
    await waitForCartQuantity(page, 1);
    expect(fake.session(sessionId).status).toBe("expired");
  });

  it("Stripe refusing the session: 'Payment Failed' on the checkout page, nothing charged, cart kept", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Liquid Shilajit Drops", 1);
    await openCheckout(page);
    fake.refuseNextSession();
    await page.getByRole("button", { name: "Pay $39.99" }).click();

    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText("Payment Failed").waitFor();
    await toasts.getByText("We could not start the card payment. Please try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await page.getByRole("button", { name: "Pay $39.99" }).waitFor();
    await waitForCartQuantity(page, 1);
  });
});
