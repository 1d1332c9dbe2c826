import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedWebhookRequest, stripeEvent, TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

// Stripe is configured against a local fake, so events come in through the real signed endpoint
// and a replay runs the real handler.
const env: Record<string, string> = {
  ...adminEnv,
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const e2e = setupE2E({ env, seed: "none" });

async function deliver(type: string, object: unknown) {
  const event = stripeEvent(type, object);
  const response = await fetch(signedWebhookRequest(`${e2e.app.url}/webhooks/stripe`, event));
  expect(response.status).toBe(200);
  return event;
}

describe("admin webhook event log", () => {
  it("the admin filters the log by type and outcome, opens an event and replays it", async () => {
    const customer = await deliver("customer.created", { id: "cus_e2e_1", email: "e2e@example.com" });
    await deliver("checkout.session.expired", { id: "cs_test_unknown_session" });

    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/webhooks");
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByLabel("Event type").fill("customer.created");
    await page.getByLabel("Outcome").selectOption("ignored");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/type=customer\.created/);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain(customer.id);

    await page.getByLabel("Outcome").selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No webhook events").waitFor();

    await page.goto("/admin/webhooks?provider=evil");
    await page.getByText("Provider must be Stripe or PayPal.").waitFor();

    await page.goto("/admin/webhooks");
    await page.getByRole("link", { name: `Details of ${customer.id}` }).click();
    await page.getByRole("heading", { name: "customer.created" }).waitFor();
    await page.getByText('"cus_e2e_1"').waitFor();
    const details = page.locator("dl");
    expect(await details.innerText()).toMatch(/Handler runs\s+1/);

    await page.getByRole("button", { name: "Replay" }).click();
    await waitForToast(page, "Event replayed");
    await expect.poll(() => details.innerText()).toMatch(/Handler runs\s+2/);
    expect(await details.innerText()).not.toMatch(/Last replay\s+never/);
  });

  it("shows the Stripe endpoint's state and events at another API version than the pinned one", async () => {
    const old = stripeEvent("customer.created", { id: "cus_old_version" }, undefined, "2024-06-20");
    const response = await fetch(signedWebhookRequest(`${e2e.app.url}/webhooks/stripe`, old));
    expect(response.status).toBe(200);

    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/webhooks");
    const panel = page.getByRole("region", { name: "Stripe endpoint" });
    // The fake Stripe has no endpoint for this shop: nothing would reach it in real life.
    await panel.getByText(/Stripe has no webhook endpoint for .*\/webhooks\/stripe/).waitFor();
    await panel.getByText(/1 Stripe event in the last 30 days came at API version 2024-06-20/).waitFor();
    expect(await panel.innerText()).toContain("npm run stripe:setup");
  });

  it("the order list's Export CSV link carries the current search", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/orders?q=maya");
    const link = page.getByRole("link", { name: "Export CSV" });
    expect(await link.getAttribute("href")).toBe("/admin/orders/export.csv?q=maya");
    const download = page.waitForEvent("download");
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
  });
});
