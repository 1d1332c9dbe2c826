import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createUser } from "../../../tests/factories/index.ts";
import { fakeCredentials } from "../../../tests/fakes/paypal-data.ts";
import { paypalCheckout, startFakePaypal } from "../../../tests/fakes/paypal-fixtures.ts";
import { type FakePaypal, paypalFailures } from "../../../tests/fakes/paypal-server.ts";
import { cartWith, recordingMailer } from "../../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { processReturn } from "../../checkout/return-page.ts";
import { orders } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { completePayment } from "../../paid-orders/complete-payment.ts";
import { handlePaypalWebhook } from "../../webhooks/paypal.ts";
import { PayerMustChooseAgain } from "../provider.ts";
import { PaypalApiError } from "./client.ts";
import type { PaypalProvider } from "./paypal-provider.ts";

let database: TestDatabase;
let fake: FakePaypal;
let provider: PaypalProvider;
beforeAll(async () => {
  [database, { fake, provider }] = await Promise.all([createTestDatabase(), startFakePaypal()]);
});
afterAll(async () => {
  await fake.stop();
  await database.destroy();
});

const log = createLogger("silent");
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A raw call to the fake, as the shop's client would make it (token first). */
async function call(path: string, body: unknown) {
  const basic = Buffer.from(`${fakeCredentials.clientId}:${fakeCredentials.clientSecret}`).toString("base64");
  const token = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${basic}` },
    body: "grant_type=client_credentials",
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token.access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const usd = (value: string) => ({ currency_code: "USD", value });
const order = (unit: Record<string, unknown>) => ({ intent: "CAPTURE", purchase_units: [unit] });
const twoJars = {
  amount: { ...usd("20.00"), breakdown: { item_total: usd("20.00") } },
  items: [{ name: "Jar", quantity: "2", unit_amount: usd("10.00") }],
};

describe("the fake PayPal refuses what PayPal refuses (its published contract)", () => {
  it("an unknown field, a wrong type or a missing required field is PayPal's 400 INVALID_REQUEST", async () => {
    const unknown = await call("/v2/checkout/orders", order({ ...twoJars, gift_wrap: true }));
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        name: "INVALID_REQUEST",
        details: [{ field: "/purchase_units/0/gift_wrap", location: "body" }],
      },
    });
    const badIntent = await call("/v2/checkout/orders", { ...order(twoJars), intent: "SALE" });
    expect(badIntent).toMatchObject({ status: 400, body: { details: [{ field: "/intent" }] } });
    const missing = await call("/v2/checkout/orders", { intent: "CAPTURE" });
    expect(missing).toMatchObject({
      status: 400,
      body: { details: [{ field: "/purchase_units", issue: "MISSING_REQUIRED_PARAMETER" }] },
    });
  });

  it("a breakdown that does not add up is PayPal's 422 ITEM_TOTAL_MISMATCH / AMOUNT_MISMATCH", async () => {
    const items = await call(
      "/v2/checkout/orders",
      order({ ...twoJars, items: [{ name: "Jar", quantity: "3", unit_amount: usd("10.00") }] }),
    );
    expect(items).toMatchObject({
      status: 422,
      body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ITEM_TOTAL_MISMATCH" }] },
    });
    const total = await call(
      "/v2/checkout/orders",
      order({ ...twoJars, amount: { ...usd("25.00"), breakdown: { item_total: usd("20.00") } } }),
    );
    expect(total).toMatchObject({ status: 422, body: { details: [{ issue: "AMOUNT_MISMATCH" }] } });
  });

  it("a zero or negative amount is refused (orders, refunds)", async () => {
    const free = await call("/v2/checkout/orders", order({ amount: usd("0.00") }));
    expect(free).toMatchObject({ status: 422, body: { details: [{ issue: "CANNOT_BE_ZERO_OR_NEGATIVE" }] } });
    const negative = await call(
      "/v2/checkout/orders",
      order({ amount: { ...usd("5.00"), breakdown: { item_total: usd("10.00"), discount: usd("-5.00") } } }),
    );
    expect(negative).toMatchObject({ status: 422, body: { details: [{ issue: "CANNOT_BE_NEGATIVE" }] } });
    const refund = await call("/v2/payments/captures/CAP1/refund", { amount: usd("0.00") });
    expect(refund).toMatchObject({
      status: 422,
      body: { details: [{ issue: "CANNOT_BE_ZERO_OR_NEGATIVE" }] },
    });
  });

  it("the shop's own calls all honour the contract: one-time with coupon, subscription with trial, refunds", async () => {
    const before = fake.refusals.length;
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 3),
      couponCode: coupon.code,
      buyerEmail: "guest@example.com",
    });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    fake.approveOrder(token);
    expect(await completePayment(database.db, recordingMailer(), provider, token)).not.toBeNull();
    await provider.refund({
      order: await orderRow(started.orderId),
      refundId: crypto.randomUUID(),
      amountCents: 500,
      reason: "Damaged jar",
    });

    const customer = await createUser(database.db);
    const sub = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 1, customer.id),
      userId: customer.id,
      subscription: true,
      couponCode: (await createCoupon(database.db)).code,
    });
    const subscriptionId = (await orderRow(sub.orderId)).providerSessionId!;
    fake.activateSubscription(subscriptionId);
    expect(await completePayment(database.db, recordingMailer(), provider, subscriptionId)).not.toBeNull();
    await provider.cancelSubscription({ id: sub.orderId, providerSubscriptionId: subscriptionId });
    expect(fake.refusals.slice(before)).toEqual([]);
  });
});

describe("PayPal failure answers", () => {
  it("a 5xx on a call with a request id is retried once; a 429 fails the checkout cleanly", async () => {
    fake.failNext("POST", /^\/v2\/checkout\/orders$/, paypalFailures.serverError(503));
    const retried = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    expect((await orderRow(retried.orderId)).providerSessionId).toMatch(/^ORD/);

    // A 429 is not a lost answer: not retried at once (PayPal asks to back off).
    fake.failNext("POST", /^\/v2\/checkout\/orders$/, paypalFailures.rateLimited());
    await expect(
      paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) }),
    ).rejects.toThrow("checkout refused: provider_error");
  });

  it.each(["INSTRUMENT_DECLINED", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"] as const)(
    "%s sends the buyer back to the order's PayPal page; paying with another source then works",
    async (issue) => {
      const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
      const token = (await orderRow(started.orderId)).providerSessionId!;
      fake.approveOrder(token);
      fake.declineNextCapture(issue);
      const error = await completePayment(database.db, recordingMailer(), provider, token).catch((e) => e);
      expect(error).toBeInstanceOf(PayerMustChooseAgain);
      expect(error.retryUrl).toBe(`${fake.url}/checkoutnow?token=${token}`);
      expect((await orderRow(started.orderId)).paymentStatus).toBe("unpaid");

      // The return page says so (not "pending", not a generic failure).
      fake.declineNextCapture(issue);
      const context = {
        config: {
          paypal: { ...fakeCredentials, apiBase: fake.url, webhookId: undefined },
          publicUrl: "http://shop.test",
        },
        database: { db: database.db },
        mailer: { ...recordingMailer(), publicUrl: "http://shop.test" },
        log,
      };
      // A provider built from this config talks to the same fake.
      const outcome = await processReturn(context as unknown as Parameters<typeof processReturn>[0], token);
      expect(outcome).toEqual({ state: "declined", retryUrl: `${fake.url}/checkoutnow?token=${token}` });

      // The webhook does not fail (PayPal would retry it forever): the buyer decides at PayPal.
      fake.declineNextCapture(issue);
      const approved = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: token });
      const answer = await handlePaypalWebhook(
        { db: database.db, mailer: recordingMailer(), provider, log },
        approved.body,
        approved.headers,
      );
      expect(answer.status).toBe(200);

      // The buyer picks another funding source at PayPal and comes back: captured once.
      fake.approveOrder(token);
      expect(await completePayment(database.db, recordingMailer(), provider, token)).not.toBeNull();
      expect((await orderRow(started.orderId)).paymentStatus).toBe("paid");
    },
  );

  it("an unknown PayPal error stays an error (not a decline)", async () => {
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    fake.approveOrder(token);
    fake.failNext("POST", /\/capture$/, paypalFailures.serverError(500));
    fake.failNext("POST", /\/capture$/, paypalFailures.serverError(500));
    await expect(completePayment(database.db, recordingMailer(), provider, token)).rejects.toBeInstanceOf(
      PaypalApiError,
    );
  });
});
