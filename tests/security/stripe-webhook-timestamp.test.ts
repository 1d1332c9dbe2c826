import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedWebhookRequest, stripeEvent, TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";
import { setupTarget } from "./support.ts";

const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_security",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
let fake: FakeStripe;
// Registered before setupTarget's hooks, so the fake's address is in `env` when the app starts.
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const target = setupTarget({ env });

/** Delivers a harmless event signed with the shop's secret, dated `offsetSeconds` from now. */
async function deliver(offsetSeconds: number) {
  const event = stripeEvent("customer.created", { id: "cus_test", object: "customer" });
  const signed = signedWebhookRequest(`${target.app.url}/webhooks/stripe`, event, {
    timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
  });
  return fetch(signed);
}

describe("Stripe webhook signature time", () => {
  it("refuses a signature dated far in the future, like a stale one", async () => {
    expect((await deliver(3600)).status).toBe(400);
    expect((await deliver(301 + 5)).status).toBe(400);
    expect((await deliver(-3600)).status).toBe(400);
  });

  it("accepts one within 300 seconds either way", async () => {
    expect((await deliver(0)).status).toBe(200);
    expect((await deliver(240)).status).toBe(200);
    expect((await deliver(-240)).status).toBe(200);
  });
});
