import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories/index.ts";
import { paypalCheckout, startFakePaypal } from "../../../tests/fakes/paypal-fixtures.ts";
import { type FakePaypal, paypalFailures } from "../../../tests/fakes/paypal-server.ts";
import { cartWith, recordingMailer } from "../../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { orders, subscriptions, webhookEvents } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { completePayment } from "../../paid-orders/complete-payment.ts";
import { cancelSubscriptionAtPeriodEnd } from "../../subscriptions/cancel.ts";
import { endLapsedPaypalSubscriptions } from "../../subscriptions/lapsed.ts";
import { handlePaypalWebhook } from "../../webhooks/paypal.ts";
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
const DAY = 24 * 60 * 60 * 1000;

function deliver(event: { body: string; headers: Headers }, mailer = recordingMailer(), now?: Date) {
  const deps = { db: database.db, mailer, provider, log, now: now ? () => now : undefined };
  return handlePaypalWebhook(deps, event.body, event.headers);
}

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const recorded = (body: string) =>
  database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, "paypal"), eq(webhookEvents.eventId, JSON.parse(body).id)));

async function approvedOrder() {
  const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
  const token = (await orderRow(started.orderId)).providerSessionId!;
  fake.approveOrder(token);
  return { orderId: started.orderId, token };
}

/** A signed-in customer's subscription checkout, approved and active at PayPal. */
async function activeSubscription() {
  const customer = await createUser(database.db);
  const started = await paypalCheckout(database.db, provider, {
    cartId: await cartWith(database.db, 1, customer.id),
    userId: customer.id,
    subscription: true,
  });
  const subscriptionId = (await orderRow(started.orderId)).providerSessionId!;
  fake.activateSubscription(subscriptionId);
  return { orderId: started.orderId, subscriptionId, userId: customer.id };
}

const saleEvent = (subscriptionId: string, saleId: string, at: Date) =>
  fake.signedEvent("PAYMENT.SALE.COMPLETED", {
    id: saleId,
    state: "completed",
    billing_agreement_id: subscriptionId,
    amount: { total: "50.99", currency: "USD" },
    create_time: at.toISOString(),
  });

describe("PayPal webhook verification", () => {
  it("refuses a forged, altered or unsigned event with 400 and changes nothing", async () => {
    const { orderId, token } = await approvedOrder();
    const genuine = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: token, status: "APPROVED" });
    const altered = { ...genuine, body: genuine.body.replace('"APPROVED"', '"COMPLETED"') };
    const wrongWebhook = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: token }, "9SOMEONEELSE001");
    const unsigned = { body: genuine.body, headers: new Headers({ "content-type": "application/json" }) };
    const forgedSig = new Headers(genuine.headers);
    forgedSig.set("paypal-transmission-sig", "Zm9yZ2Vk");
    for (const event of [altered, wrongWebhook, unsigned, { body: genuine.body, headers: forgedSig }]) {
      expect(await deliver(event)).toMatchObject({ status: 400 });
    }
    expect(await deliver({ body: "not json", headers: genuine.headers })).toMatchObject({ status: 400 });
    expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");
    expect(await recorded(genuine.body)).toEqual([]);
    expect(fake.orders.get(token)?.status).toBe("APPROVED");
  });

  it("asks again when the signature check's answer is lost, and then acts on the genuine event", async () => {
    const { orderId, token } = await approvedOrder();
    fake.failNext("POST", /^\/v1\/notifications\/verify-webhook-signature$/, paypalFailures.serverError(503));
    const event = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: token, status: "APPROVED" });
    expect(await deliver(event)).toMatchObject({ status: 200 });
    expect((await orderRow(orderId)).paymentStatus).toBe("paid");
  });
});

describe("PayPal webhook events", () => {
  it("CHECKOUT.ORDER.APPROVED captures and fulfils once; duplicates and the capture event change nothing", async () => {
    const { orderId, token } = await approvedOrder();
    const before = fake.capturesMade;
    const mailer = recordingMailer();
    const approved = fake.signedEvent("CHECKOUT.ORDER.APPROVED", { id: token, status: "APPROVED" });
    expect(await deliver(approved, mailer)).toEqual({ status: 200, body: { received: true } });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", email: "pat.payer@example.com" });
    expect(await recorded(approved.body)).toHaveLength(1);

    expect(await deliver(approved, mailer)).toMatchObject({ status: 200, body: { duplicate: true } });
    const capture = fake.orders.get(token)!.captureId;
    const completed = fake.signedEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: capture,
      status: "COMPLETED",
      supplementary_data: { related_ids: { order_id: token } },
    });
    expect(await deliver(completed, mailer)).toMatchObject({ status: 200 });
    expect(fake.capturesMade - before).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it("PAYMENT.CAPTURE.COMPLETED arriving first fulfils the order too", async () => {
    const { orderId, token } = await approvedOrder();
    const completed = fake.signedEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "CAP-EARLY",
      supplementary_data: { related_ids: { order_id: token } },
    });
    expect(await deliver(completed)).toMatchObject({ status: 200 });
    expect((await orderRow(orderId)).paymentStatus).toBe("paid");
  });

  it("a capture held as PENDING is fulfilled when PayPal reports it COMPLETED", async () => {
    const { orderId, token } = await approvedOrder();
    fake.holdNextCapture();
    const mailer = recordingMailer();
    expect(await completePayment(database.db, mailer, provider, token)).toBeNull();
    expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");

    const captureId = fake.clearCapture(token);
    const completed = fake.signedEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: captureId,
      status: "COMPLETED",
      supplementary_data: { related_ids: { order_id: token } },
    });
    expect(await deliver(completed, mailer)).toMatchObject({ status: 200 });
    expect((await orderRow(orderId)).paymentStatus).toBe("paid");
    expect(mailer.sent).toHaveLength(1);
  });

  it("a failing handler answers 500 and logs the event as failed, so PayPal's retry runs it again", async () => {
    const event = fake.signedEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-UNKNOWN-AT-PAYPAL" });
    expect(await deliver(event)).toMatchObject({ status: 500 });
    expect(await recorded(event.body)).toMatchObject([{ outcome: "failed", attempts: 1 }]);
    expect(await deliver(event)).toMatchObject({ status: 500 });
    expect(await recorded(event.body)).toMatchObject([{ outcome: "failed", attempts: 2, deliveries: 2 }]);
  });

  it("BILLING.SUBSCRIPTION.ACTIVATED fulfils the first order; sales make renewal orders once each", async () => {
    const { orderId, subscriptionId, userId } = await activeSubscription();
    const started = new Date(fake.subscriptions.get(subscriptionId)!.startTime);
    const mailer = recordingMailer();
    // The first cycle's sale may come before the activation: it fulfils the first order, nothing more.
    expect(await deliver(saleEvent(subscriptionId, "SALE-1", started), mailer)).toMatchObject({
      status: 200,
    });
    expect((await orderRow(orderId)).paymentStatus).toBe("paid");
    const activated = fake.signedEvent("BILLING.SUBSCRIPTION.ACTIVATED", {
      id: subscriptionId,
      status: "ACTIVE",
    });
    expect(await deliver(activated, mailer)).toMatchObject({ status: 200 });
    expect(mailer.sent.map((m) => m.template)).toEqual(["order-confirmation"]);

    const month = new Date(started.getTime() + 31 * DAY);
    const renewal = saleEvent(subscriptionId, "SALE-2", month);
    expect(await deliver(renewal, mailer)).toMatchObject({ status: 200 });
    // PayPal sending the same sale again under a new event id: still one renewal order.
    expect(await deliver(saleEvent(subscriptionId, "SALE-2", month), mailer)).toMatchObject({ status: 200 });
    expect(await deliver(renewal, mailer)).toMatchObject({ body: { duplicate: true } });

    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    const paid = await database.db.select().from(orders).where(eq(orders.subscriptionId, subscription!.id));
    expect(paid).toHaveLength(2);
    const renewalOrder = paid.find((o) => o.id !== orderId);
    expect(renewalOrder).toMatchObject({
      paymentStatus: "paid",
      provider: "paypal",
      providerSessionId: "SALE-2",
      totalCents: 5099,
      email: "pat.payer@example.com",
    });
    expect(mailer.sent.map((m) => m.template)).toEqual(["order-confirmation", "subscription-renewal"]);
  });

  it("cancellation and suspension are synced from PayPal's current state", async () => {
    const { subscriptionId, userId } = await activeSubscription();
    await deliver(fake.signedEvent("BILLING.SUBSCRIPTION.ACTIVATED", { id: subscriptionId }));
    const row = async () =>
      (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

    fake.setSubscriptionStatus(subscriptionId, "SUSPENDED");
    await deliver(fake.signedEvent("BILLING.SUBSCRIPTION.SUSPENDED", { id: subscriptionId }));
    expect((await row()).status).toBe("past_due");
    fake.setSubscriptionStatus(subscriptionId, "ACTIVE");
    await deliver(fake.signedEvent("BILLING.SUBSCRIPTION.RE-ACTIVATED", { id: subscriptionId }));
    expect((await row()).status).toBe("active");

    // Cancelled by the customer (with us or at PayPal): the month paid for runs out first.
    await cancelSubscriptionAtPeriodEnd(database.db, () => provider, { subscriptionId: (await row()).id });
    const cancelled = fake.signedEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: subscriptionId });
    // A stale "suspended" event arriving late reads PayPal's current state (cancelled) instead.
    const stale = fake.signedEvent("BILLING.SUBSCRIPTION.SUSPENDED", { id: subscriptionId });
    await deliver(cancelled);
    await deliver(stale);
    const afterCancel = await row();
    expect(afterCancel).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(afterCancel.canceledAt).not.toBeNull();

    // PayPal says nothing when the paid month runs out: the server's minute sweep ends it.
    expect(await endLapsedPaypalSubscriptions(database.db, new Date())).toBe(0);
    const lapsed = new Date(afterCancel.currentPeriodEnd!.getTime() + 1000);
    expect(await endLapsedPaypalSubscriptions(database.db, lapsed)).toBe(1);
    expect(await row()).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });

    // The same event redelivered after the period ended (new id, as a retry of a failed delivery).
    const later = new Date(afterCancel.currentPeriodEnd!.getTime() + DAY);
    await deliver(
      fake.signedEvent("BILLING.SUBSCRIPTION.CANCELLED", { id: subscriptionId }),
      undefined,
      later,
    );
    expect(await row()).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true });
  });
});
