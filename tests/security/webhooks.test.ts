import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponReservations } from "../../server/db/schema/index.ts";
import { createCoupon, createOrder, createProduct, daysFromNow } from "../factories/index.ts";
import { fakePaypalEnv } from "../fakes/paypal-fixtures.ts";
import { FakePaypal, fakeWebhookId } from "../fakes/paypal-server.ts";
import { stripeEvent, TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Forged, tampered, stale and replayed webhook deliveries. Stripe events are signed here with the
 * test secret (as Stripe signs them); PayPal events are checked by the app against the local fake
 * PayPal's verify-webhook-signature endpoint, as against PayPal itself.
 *
 * The Stripe event used has a visible effect: `checkout.session.expired` for an unpaid order
 * releases the single-use coupon that order holds, so another shopper can apply it again.
 */
const session = "cs_test_security_hold";
const ids = { product: "" };
const paypal = new FakePaypal();
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_security",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
// Before setupTarget's hook, so the app starts with PAYPAL_* pointing at the fake.
beforeAll(async () => {
  await paypal.start();
  Object.assign(env, fakePaypalEnv(paypal));
});
afterAll(() => paypal.stop());

const target = setupTarget({
  seed: "none",
  env,
  prepare: async (db) => {
    ids.product = (await createProduct(db, { priceCents: 3000 })).id;
    const coupon = await createCoupon(db, { code: "HELD", usageLimit: 1 });
    const order = await createOrder(db, { provider: "stripe", providerSessionId: session });
    await db
      .insert(couponReservations)
      .values({ couponId: coupon.id, orderId: order.id, expiresAt: daysFromNow(1) });
  },
});

const now = () => Math.floor(Date.now() / 1000);

/** A Stripe delivery: the exact body, and a signature over `signedBody` (defaults to the body). */
async function deliverStripe(
  body: string,
  options: { secret?: string; timestamp?: number; signedBody?: string; signature?: string } = {},
) {
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload: options.signedBody ?? body,
      secret: options.secret ?? TEST_WEBHOOK_SECRET,
      timestamp: options.timestamp ?? now(),
    });
  return target.visitor().request("POST", "/webhooks/stripe", body, {
    origin: null,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
}

let shopper: Visitor;
async function couponAnswer(): Promise<string> {
  if (!shopper) {
    shopper = target.visitor();
    await shopper.postForm("/cart", { intent: "add", productId: ids.product, quantity: "1" });
  }
  const response = await shopper.postForm("/checkout", { intent: "apply-coupon", couponCode: "HELD" });
  const body = await response.text();
  if (body.includes("Usage Limit Reached")) return "held";
  return body.includes("Coupon Applied!") ? "free" : `unexpected ${response.status}`;
}

describe("Stripe webhook", () => {
  const expired = JSON.stringify(
    stripeEvent("checkout.session.expired", { id: session, object: "checkout.session" }),
  );

  it("refuses unsigned, forged, tampered and stale deliveries, and none of them acts", async () => {
    expect(await couponAnswer()).toBe("held");
    const refused = [
      await deliverStripe(expired, { signature: "" }),
      await deliverStripe(expired, { signature: "t=1,v1=deadbeef" }),
      await deliverStripe(expired, { secret: "whsec_attacker_own_secret" }),
      await deliverStripe(expired, { signedBody: expired.replace(session, "cs_test_other") }),
      await deliverStripe(expired, { timestamp: now() - 10 * 60 }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid signature" });
    }
    expect(await couponAnswer()).toBe("held");
  });

  it("acts on a genuine delivery once; a replay of it is answered as a duplicate", async () => {
    const genuine = await deliverStripe(expired);
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toMatchObject({ received: true, outcome: "handled" });
    expect(await couponAnswer()).toBe("free");

    const replay = await deliverStripe(expired);
    expect(await replay.json()).toMatchObject({ received: true, duplicate: true });
  });
});

describe("PayPal webhook", () => {
  const deliver = (body: string, headers: Headers) =>
    target.visitor().request("POST", "/webhooks/paypal", body, {
      origin: null,
      headers: Object.fromEntries(headers),
    });

  it("refuses a tampered event, one signed for another webhook, missing headers and non-JSON", async () => {
    const signed = paypal.signedEvent("PAYMENT.SALE.DENIED", { id: "SALE-1" });
    const forOther = paypal.signedEvent("PAYMENT.SALE.DENIED", { id: "SALE-2" }, `${fakeWebhookId}-OTHER`);
    const withoutSignature = new Headers(signed.headers);
    withoutSignature.delete("paypal-transmission-sig");
    const cases = [
      await deliver(signed.body.replace("SALE-1", "SALE-9"), signed.headers),
      await deliver(forOther.body, forOther.headers),
      await deliver(signed.body, withoutSignature),
      await deliver("not json", signed.headers),
    ];
    for (const response of cases) expect(response.status).toBe(400);
  });

  it("accepts a verified event once; a replay of it is answered as a duplicate", async () => {
    const signed = paypal.signedEvent("PAYMENT.SALE.DENIED", { id: "SALE-3" });
    const first = await deliver(signed.body, signed.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const replay = await deliver(signed.body, signed.headers);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
  });
});
