import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../factories/index.ts";
import { signedWebhookRequest, stripeEvent, TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, fakeBuyer, startFakeStripe } from "../fakes/stripe-server.ts";
import { fillCart, firstProductId } from "./shopper.ts";
import { setupTarget } from "./support.ts";

/**
 * A subscription checkout Stripe reports complete but not paid (a bank debit that may still
 * fail): neither the return page nor the checkout.session.completed webhook may turn it into a
 * paid order and a started subscription; only checkout.session.async_payment_succeeded does.
 */
const buyer = { email: "unpaid-subscriber@example.com", password: "unpaid-subscriber-password-1" };
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_security",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const target = setupTarget({
  seed: "none",
  env,
  prepare: async (db) => {
    await createProduct(db, { name: "Debit Resin", priceCents: 5000 });
    await createUser(db, buyer);
  },
});

async function deliver(type: string, sessionId: string) {
  const event = stripeEvent(type, fake.session(sessionId));
  return (await fetch(signedWebhookRequest(`${target.app.url}/webhooks/stripe`, event))).status;
}

describe("a Stripe subscription session complete but unpaid", () => {
  it("is not fulfilled by the return page or checkout.session.completed; async_payment_succeeded fulfils it", async () => {
    const visitor = await target.signedIn(buyer);
    await fillCart(visitor, await firstProductId(visitor));
    const checkout = await (await visitor.get("/checkout")).text();
    const termsHash = /name="renewalTermsHash" value="([0-9a-f]{64})"/.exec(checkout)?.[1] ?? "";
    const pay = await visitor.postForm("/checkout", {
      intent: "pay",
      paymentMethod: "card",
      purchaseType: "subscription",
      renewalConsent: "yes",
      renewalTermsHash: termsHash,
    });
    expect(pay.status).toBe(302);
    const sessionId = /\/c\/pay\/(cs_test_\w+)/.exec(pay.headers.get("location") ?? "")?.[1] ?? "";
    expect(fake.session(sessionId).mode).toBe("subscription");
    fake.completeSession(sessionId, fakeBuyer, { paymentStatus: "unpaid" });

    const returnPage = async () => (await visitor.get(`/payment-success?session_id=${sessionId}`)).text();
    expect(await returnPage()).not.toContain("Payment Successful!");
    expect(await deliver("checkout.session.completed", sessionId)).toBe(200);
    expect(await returnPage()).not.toContain("Payment Successful!");

    fake.settleAsyncPayment(sessionId);
    expect(await deliver("checkout.session.async_payment_succeeded", sessionId)).toBe(200);
    expect(await returnPage()).toContain("Payment Successful!");
  });
});
