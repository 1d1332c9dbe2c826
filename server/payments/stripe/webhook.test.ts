import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createUser } from "../../../tests/factories/index.ts";
import {
  signedWebhookRequest,
  stripeEvent,
  TEST_WEBHOOK_SECRET,
} from "../../../tests/fakes/stripe-events.ts";
import { fakeBuyer } from "../../../tests/fakes/stripe-server.ts";
import { SHOP_URL, startStripeTestbed } from "../../../tests/fakes/stripe-shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { loadConfig } from "../../config.ts";
import { DatabaseAvailability } from "../../db/availability.ts";
import {
  couponReservations,
  mailOutbox,
  orders,
  subscriptions,
  webhookEvents,
} from "../../db/schema/index.ts";
import { createHttpApp } from "../../http/app.ts";
import { stripeEventVersions } from "../../observability/metrics.ts";
import type { Services } from "../../services.ts";
import { handleStripeWebhook } from "../../webhooks/stripe.ts";
import { stripeVersionSightings } from "./version-report.ts";

let database: TestDatabase;
let bed: Awaited<ReturnType<typeof startStripeTestbed>>;
beforeAll(async () => {
  database = await createTestDatabase();
  bed = await startStripeTestbed(database.db);
});
afterAll(async () => {
  await bed?.close();
  await database?.destroy();
});

const WEBHOOK_URL = `${SHOP_URL}/webhooks/stripe`;

async function deliver(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const response = await handleStripeWebhook(
    bed.webhookDeps,
    signedWebhookRequest(WEBHOOK_URL, event, options),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function mailsTo(address: string, template: string) {
  return database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, address), eq(mailOutbox.template, template)));
}

async function recorded(eventId: string) {
  return database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
}

describe("POST /webhooks/stripe: one-time orders", () => {
  it("a signed checkout.session.completed fulfils once, however often it arrives", async () => {
    const buyer = { ...fakeBuyer, email: "once@example.com" };
    const { order, session } = await bed.checkout(await bed.cartWith([5999]));
    bed.fake.completeSession(session.id, buyer);
    const event = stripeEvent("checkout.session.completed", bed.fake.session(session.id));

    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: "handled" } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // Stripe may also send the same fact under a new event id: still one order, one email.
    const again = stripeEvent("checkout.session.completed", bed.fake.session(session.id));
    expect((await deliver(again)).status).toBe(200);

    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", email: buyer.email });
    expect(await mailsTo(buyer.email, "order-confirmation")).toHaveLength(1);
    expect(await recorded(event.id)).toHaveLength(1);
  });

  it("refuses a forged or stale signature with 400 and changes nothing", async () => {
    const buyer = { ...fakeBuyer, email: "forged@example.com" };
    const { order, session } = await bed.checkout(await bed.cartWith([5999]));
    bed.fake.completeSession(session.id, buyer);
    const event = stripeEvent("checkout.session.completed", bed.fake.session(session.id));

    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect((await deliver(event, { timestamp: stale })).status).toBe(400);
    const unsigned = new Request(WEBHOOK_URL, { method: "POST", body: JSON.stringify(event) });
    expect((await handleStripeWebhook(bed.webhookDeps, unsigned)).status).toBe(400);
    // A body changed after signing fails too.
    const signed = signedWebhookRequest(WEBHOOK_URL, event);
    const tampered = new Request(WEBHOOK_URL, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({ ...event, type: "checkout.session.expired" }),
    });
    expect((await handleStripeWebhook(bed.webhookDeps, tampered)).status).toBe(400);

    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    expect(await recorded(event.id)).toEqual([]);
    expect(await mailsTo(buyer.email, "order-confirmation")).toEqual([]);
  });

  it("checkout.session.expired releases the coupon reservation and expires the order", async () => {
    const coupon = await createCoupon(database.db, { usageLimit: 1 });
    const { order, session } = await bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code });
    bed.fake.expireSession(session.id);
    const event = stripeEvent("checkout.session.expired", bed.fake.session(session.id));

    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    expect((await orderRow(order.id)).paymentStatus).toBe("expired");
    const held = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.orderId, order.id));
    expect(held).toEqual([]);
    expect((await bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code })).ok).toBe(true);
  });

  it("answers 200 to event types it does not handle, and 404/503 when not configured", async () => {
    expect((await deliver(stripeEvent("charge.refunded", { id: "ch_1" }))).body).toMatchObject({
      outcome: "ignored",
    });
    const request = () => signedWebhookRequest(WEBHOOK_URL, stripeEvent("charge.refunded", {}));
    const withoutStripe = await handleStripeWebhook({ ...bed.webhookDeps, gateway: undefined }, request());
    expect(withoutStripe.status).toBe(404);
    const withoutSecret = { ...bed.gateway, webhookSecret: undefined };
    expect(
      (await handleStripeWebhook({ ...bed.webhookDeps, gateway: withoutSecret }, request())).status,
    ).toBe(503);
  });
});

describe("POST /webhooks/stripe: subscriptions", () => {
  async function subscribe(email: string) {
    const customer = await createUser(database.db);
    const cartId = await bed.cartWith([5999, 2499], { userId: customer.id });
    const started = await bed.checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    const session = bed.fake.completeSession(started.session.id, { ...fakeBuyer, email });
    return { ...started, customer, stripeSubscriptionId: session.subscription! };
  }

  async function subscriptionOf(userId: string) {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  it("events before and after checkout's completion converge on Stripe's state", async () => {
    const { customer, session, stripeSubscriptionId } = await subscribe("early@example.com");
    bed.fake.setSubscription(stripeSubscriptionId, { cancel_at_period_end: true });
    const updated = stripeEvent("customer.subscription.updated", bed.fake.subscription(stripeSubscriptionId));
    // Ahead of the checkout's completion: nothing to update yet.
    expect((await deliver(updated)).body).toMatchObject({ outcome: "ignored" });
    expect(await subscriptionOf(customer.id)).toBeUndefined();

    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));
    const row = await subscriptionOf(customer.id);
    const periodEnd = (
      bed.fake.subscription(stripeSubscriptionId).items as { data: { current_period_end: number }[] }
    ).data[0]!.current_period_end;
    expect(row).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      providerSubscriptionId: stripeSubscriptionId,
    });
    expect(row?.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);

    // An older snapshot delivered late changes nothing: the handler reads Stripe's current state.
    const stale = stripeEvent("customer.subscription.updated", {
      ...bed.fake.subscription(stripeSubscriptionId),
      cancel_at_period_end: false,
    });
    await deliver(stale);
    expect((await subscriptionOf(customer.id))?.cancelAtPeriodEnd).toBe(true);

    bed.fake.setSubscription(stripeSubscriptionId, { status: "canceled", ended_at: periodEnd });
    await deliver(stripeEvent("customer.subscription.deleted", bed.fake.subscription(stripeSubscriptionId)));
    expect(await subscriptionOf(customer.id)).toMatchObject({
      status: "canceled",
      canceledAt: new Date(periodEnd * 1000),
    });
  });

  it("invoice.paid for a cycle creates one renewal order and email, even when delivered twice", async () => {
    const email = "renews@example.com";
    const { customer, session, stripeSubscriptionId } = await subscribe(email);
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));
    const subscription = await subscriptionOf(customer.id);

    const firstInvoice = { ...bed.fake.renew(stripeSubscriptionId), billing_reason: "subscription_create" };
    expect((await deliver(stripeEvent("invoice.paid", firstInvoice))).body).toMatchObject({
      outcome: "ignored",
    });

    const invoice = bed.fake.renew(stripeSubscriptionId);
    expect((await deliver(stripeEvent("invoice.paid", invoice))).body).toMatchObject({ outcome: "handled" });
    expect((await deliver(stripeEvent("invoice.paid", invoice))).status).toBe(200);

    const renewals = await database.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.subscriptionId, subscription!.id), eq(orders.providerSessionId, String(invoice.id))),
      );
    // What Stripe charged each month is what the renewal order says.
    expect(renewals).toMatchObject([{ paymentStatus: "paid", totalCents: invoice.amount_paid, email }]);
    expect(await mailsTo(email, "subscription-renewal")).toHaveLength(1);
    const periodEnd = (
      bed.fake.subscription(stripeSubscriptionId).items as { data: { current_period_end: number }[] }
    ).data[0]!.current_period_end;
    expect((await subscriptionOf(customer.id))?.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);
  });

  it("asks Stripe to retry a renewal for a subscription it does not know yet", async () => {
    const { stripeSubscriptionId } = await subscribe("ahead@example.com");
    const event = stripeEvent("invoice.paid", bed.fake.renew(stripeSubscriptionId));
    expect((await deliver(event)).status).toBe(409);
    // Logged as failed, so Stripe's next delivery runs the handler again (not a duplicate).
    expect(await recorded(event.id)).toMatchObject([{ outcome: "failed", attempts: 1, deliveries: 1 }]);
    expect((await deliver(event)).status).toBe(409);
    expect(await recorded(event.id)).toMatchObject([{ outcome: "failed", attempts: 2, deliveries: 2 }]);
  });

  it("invoice.payment_failed emails the customer and the subscription follows Stripe to past_due", async () => {
    const email = "declined@example.com";
    const { customer, session, stripeSubscriptionId } = await subscribe(email);
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));

    const invoice = bed.fake.failRenewal(stripeSubscriptionId);
    const event = stripeEvent("invoice.payment_failed", invoice);
    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    expect((await deliver(event)).body).toMatchObject({ duplicate: true });

    const mails = await mailsTo(email, "payment-failed");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Payment failed — update your card");
    expect(mails[0]?.text).toContain("$67.98 payment for your monthly subscription did not go through");
    expect(mails[0]?.text).toContain(String(invoice.hosted_invoice_url));
    expect((await subscriptionOf(customer.id))?.status).toBe("past_due");
  });
});

describe("POST /webhooks/stripe: delayed payments (payment_status decides)", () => {
  async function subscribeUnpaid(email: string) {
    const customer = await createUser(database.db);
    const cartId = await bed.cartWith([3999], { userId: customer.id });
    const started = await bed.checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    bed.fake.completeSession(started.session.id, { ...fakeBuyer, email }, { paymentStatus: "unpaid" });
    return started;
  }

  it("a complete but unpaid subscription session is not fulfilled; async_payment_succeeded fulfils it once", async () => {
    const email = "bank-debit@example.com";
    const { order, session } = await subscribeUnpaid(email);
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
    expect(await mailsTo(email, "order-confirmation")).toEqual([]);

    bed.fake.settleAsyncPayment(session.id);
    const settled = stripeEvent("checkout.session.async_payment_succeeded", bed.fake.session(session.id));
    expect((await deliver(settled)).body).toMatchObject({ outcome: "handled" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", email });
    expect(await mailsTo(email, "order-confirmation")).toHaveLength(1);
  });

  it("an unpaid one-time session is not fulfilled; async_payment_failed expires the order and frees the coupon", async () => {
    const coupon = await createCoupon(database.db, { usageLimit: 1 });
    const { order, session } = await bed.checkout(await bed.cartWith([2999]), { couponCode: coupon.code });
    bed.fake.completeSession(session.id, fakeBuyer, { paymentStatus: "unpaid" });
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");

    const failed = stripeEvent("checkout.session.async_payment_failed", bed.fake.session(session.id));
    expect((await deliver(failed)).body).toMatchObject({ outcome: "handled" });
    expect((await orderRow(order.id)).paymentStatus).toBe("expired");
    expect((await bed.checkout(await bed.cartWith([2999]), { couponCode: coupon.code })).ok).toBe(true);
  });
});

describe("POST /webhooks/stripe: events at another API version than the pinned one", () => {
  const OLD = "2024-06-20";

  async function subscribed(email: string) {
    const customer = await createUser(database.db);
    const cartId = await bed.cartWith([4999], { userId: customer.id });
    const started = await bed.checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    const session = bed.fake.completeSession(started.session.id, { ...fakeBuyer, email });
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(session.id)));
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    return { subscription: row!, stripeSubscriptionId: session.subscription! };
  }

  it("a renewal rendered before basil (invoice.subscription) still makes the renewal order, counted and logged", async () => {
    const email = "old-endpoint@example.com";
    const { subscription, stripeSubscriptionId } = await subscribed(email);
    const before = stripeEventVersions.get({ api_version: OLD, handling: "read" });
    const invoice = bed.fake.renew(stripeSubscriptionId, { apiVersion: OLD });
    expect(invoice).toMatchObject({ subscription: stripeSubscriptionId });
    expect(invoice).not.toHaveProperty("parent");

    const event = stripeEvent("invoice.paid", invoice, undefined, OLD);
    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    const renewals = await database.db
      .select()
      .from(orders)
      .where(
        and(eq(orders.subscriptionId, subscription.id), eq(orders.providerSessionId, String(invoice.id))),
      );
    expect(renewals).toMatchObject([{ paymentStatus: "paid", totalCents: invoice.amount_paid }]);
    expect(await mailsTo(email, "subscription-renewal")).toHaveLength(1);
    expect(stripeEventVersions.get({ api_version: OLD, handling: "read" })).toBe(before + 1);
    // The admin's webhook screen reports it (from the event log, the same on every instance).
    const sightings = await stripeVersionSightings(database.db);
    expect(sightings.find((s) => s.apiVersion === OLD)?.events).toBeGreaterThanOrEqual(1);
    expect(sightings.map((s) => s.apiVersion)).not.toContain(Stripe.API_VERSION);
  });

  it("a failed renewal rendered before basil still emails the subscriber and follows Stripe to past_due", async () => {
    const email = "old-declined@example.com";
    const { subscription, stripeSubscriptionId } = await subscribed(email);
    const invoice = bed.fake.failRenewal(stripeSubscriptionId, { apiVersion: OLD });
    const event = stripeEvent("invoice.payment_failed", invoice, undefined, OLD);
    expect((await deliver(event)).body).toMatchObject({ outcome: "handled" });
    expect(await mailsTo(email, "payment-failed")).toHaveLength(1);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row?.status).toBe("past_due");
  });

  it("a subscription invoice naming no subscription in any known shape fails (Stripe retries), never 'ignored'", async () => {
    const { stripeSubscriptionId } = await subscribed("unreadable@example.com");
    const { parent: _parent, ...invoice } = bed.fake.renew(stripeSubscriptionId);
    const event = stripeEvent("invoice.paid", invoice);
    expect((await deliver(event)).status).toBe(500);
    expect(await recorded(event.id)).toMatchObject([{ outcome: "failed" }]);
  });

  it("an event at a newer version than the shop knows is answered 409 and logged as failed, then retried", async () => {
    const { stripeSubscriptionId } = await subscribed("newer@example.com");
    const newer = "2099-01-01.zinnia";
    const event = stripeEvent("invoice.paid", bed.fake.renew(stripeSubscriptionId), undefined, newer);
    const answer = await deliver(event);
    expect(answer.status).toBe(409);
    expect(String(answer.body.error)).toContain("npm run stripe:setup");
    expect(await recorded(event.id)).toMatchObject([{ outcome: "failed", attempts: 1 }]);
    expect(stripeEventVersions.get({ api_version: newer, handling: "refused" })).toBe(1);
  });
});

describe("the app's /webhooks/stripe route", () => {
  it("hands the raw body to the webhook (signed → 200, forged → 400)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "stripe-route-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      STRIPE_SECRET_KEY: "sk_test_route",
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: bed.fake.url,
    });
    const services = {
      config,
      log: bed.webhookDeps.log,
      database,
      databaseAvailability: new DatabaseAvailability(async () => {}),
      mailer: bed.mailer,
    } as unknown as Services;
    const app = createHttpApp({
      services,
      mode: "production",
      loadBuild: () => Promise.reject(new Error("no pages in this test")),
    });
    try {
      const event = stripeEvent("charge.refunded", { id: "ch_route" });
      const ok = await app.request(signedWebhookRequest("http://localhost/webhooks/stripe", event));
      expect(ok.status).toBe(200);
      const forged = signedWebhookRequest("http://localhost/webhooks/stripe", event, { secret: "whsec_x" });
      expect((await app.request(forged)).status).toBe(400);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
