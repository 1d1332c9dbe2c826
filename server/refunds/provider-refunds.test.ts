import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/factories/index.ts";
import { paypalCheckout, startFakePaypal } from "../../tests/fakes/paypal-fixtures.ts";
import type { FakePaypal } from "../../tests/fakes/paypal-server.ts";
import { signedWebhookRequest, stripeEvent } from "../../tests/fakes/stripe-events.ts";
import { SHOP_URL, startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { cartWith } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orders, refunds } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import type { PaypalProvider } from "../payments/paypal/paypal-provider.ts";
import { handlePaypalWebhook } from "../webhooks/paypal.ts";
import { handleStripeWebhook } from "../webhooks/stripe.ts";
import { refundOrder } from "./refund-order.ts";

let database: TestDatabase;
let stripe: Awaited<ReturnType<typeof startStripeTestbed>>;
let paypal: { fake: FakePaypal; provider: PaypalProvider };
let adminId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  [stripe, paypal] = await Promise.all([startStripeTestbed(database.db), startFakePaypal()]);
  adminId = (await createUser(database.db, { email: "provider-refunder@example.com" })).id;
});
afterAll(async () => {
  await stripe?.close();
  await paypal?.fake.stop();
  await database?.destroy();
});

const log = createLogger("silent");
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRows = (orderId: string) =>
  database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe("Stripe refunds", () => {
  const deps = () => ({
    db: database.db,
    mailer: stripe.mailer,
    providerFor: () => stripe.gateway.provider,
    publicUrl: SHOP_URL,
    log,
  });

  async function paidStripeOrder() {
    const { order, session } = await stripe.checkout(await stripe.cartWith([5999, 2000]));
    stripe.fake.completeSession(session.id);
    await completePayment(database.db, stripe.mailer, stripe.gateway.provider, session.id);
    return orderRow(order.id);
  }

  const deliver = async (type: string, object: unknown) =>
    (
      await handleStripeWebhook(
        stripe.webhookDeps,
        signedWebhookRequest(`${SHOP_URL}/webhooks/stripe`, stripeEvent(type, object)),
      )
    ).status;

  it("refunds on the payment intent stored at fulfilment, with our refund's id as the idempotency key", async () => {
    const order = await paidStripeOrder();
    expect(order.providerPaymentId).toMatch(/^pi_/);
    const request = {
      mode: "amount" as const,
      amount: 1999,
      reason: "Broken seal",
      idempotencyKey: randomUUID(),
    };
    const { refund } = await refundOrder(deps(), { orderId: order.id, actorId: adminId, request });
    const [call] = stripe.fake.requestsTo("POST", "/v1/refunds").slice(-1);
    expect(call).toMatchObject({
      idempotencyKey: `refund-${refund.id}`,
      body: { payment_intent: order.providerPaymentId, amount: "1999", metadata: { refund_id: refund.id } },
    });
    expect(refund).toMatchObject({ status: "succeeded", providerRefundId: expect.stringMatching(/^re_/) });
    expect(stripe.fake.paymentIntent(order.providerPaymentId!)?.refunded).toBe(1999);

    // Stripe's refund.created echo of our own refund, delivered twice: counted once.
    const echo = stripe.fake.refunds.find((r) => r.id === refund.providerRefundId);
    expect(await deliver("refund.created", echo)).toBe(200);
    expect(await deliver("refund.updated", echo)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(1999);
  });

  it("records a refund made in Stripe's dashboard, once", async () => {
    const order = await paidStripeOrder();
    const made = stripe.fake.refundInDashboard(order.providerPaymentId!, 500);
    expect(await deliver("refund.created", made)).toBe(200);
    expect(await deliver("refund.updated", made)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(500);
    expect(await refundRows(order.id)).toMatchObject([
      { source: "provider", createdBy: null, amountCents: 500 },
    ]);
  });

  it("refunds a subscription's first order through its invoice's payment intent", async () => {
    const userId = (await createUser(database.db)).id;
    const { order, session } = await stripe.checkout(await stripe.cartWith([5999], { userId }), {
      purchaseType: "subscription",
      userId,
    });
    stripe.fake.completeSession(session.id);
    await completePayment(database.db, stripe.mailer, stripe.gateway.provider, session.id);
    const request = { mode: "full" as const, reason: "Cancelled at once", idempotencyKey: randomUUID() };
    await refundOrder(deps(), { orderId: order.id, actorId: adminId, request });
    const paid = await orderRow(order.id);
    expect(paid.refundedCents).toBe(paid.totalCents);
    expect(paid.providerPaymentId).toMatch(/^pi_/);
  });

  it("a refused refund records nothing", async () => {
    const order = await paidStripeOrder();
    stripe.fake.refuseNextRefund();
    const request = { mode: "full" as const, reason: "Disputed", idempotencyKey: randomUUID() };
    await expect(refundOrder(deps(), { orderId: order.id, actorId: adminId, request })).rejects.toThrow(
      "Stripe did not refund",
    );
    expect((await orderRow(order.id)).refundedCents).toBe(0);
    expect(await refundRows(order.id)).toMatchObject([{ status: "failed" }]);
  });
});

describe("PayPal refunds", () => {
  const deps = () => ({
    db: database.db,
    mailer: stripe.mailer,
    providerFor: () => paypal.provider,
    publicUrl: SHOP_URL,
    log,
  });
  const deliver = async (type: string, resource: Record<string, unknown>) => {
    const event = paypal.fake.signedEvent(type, resource);
    const webhookDeps = { db: database.db, mailer: stripe.mailer, provider: paypal.provider, log };
    return (await handlePaypalWebhook(webhookDeps, event.body, event.headers)).status;
  };

  async function paidPaypalOrder() {
    const started = await paypalCheckout(database.db, paypal.provider, {
      cartId: await cartWith(database.db, 2),
    });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    paypal.fake.approveOrder(token);
    await completePayment(database.db, stripe.mailer, paypal.provider, token);
    return orderRow(started.orderId);
  }

  it("refunds the capture stored at capture, with PayPal-Request-Id; the webhook echo is not counted twice", async () => {
    const order = await paidPaypalOrder();
    expect(order.providerPaymentId).toMatch(/^CAP/);
    const request = {
      mode: "amount" as const,
      amount: 2500,
      reason: "Late delivery",
      idempotencyKey: randomUUID(),
    };
    const { refund } = await refundOrder(deps(), { orderId: order.id, actorId: adminId, request });
    expect(paypal.fake.requestIds).toContain(
      `POST /v2/payments/captures/${order.providerPaymentId}/refund refund-${refund.id}`,
    );
    const made = paypal.fake.refunds.at(-1)!;
    expect(made).toMatchObject({ amount: { value: "25.00" }, custom_id: refund.id });
    expect(await deliver("PAYMENT.CAPTURE.REFUNDED", made)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(2500);

    const rest = { mode: "full" as const, reason: "Returned", idempotencyKey: randomUUID() };
    await refundOrder(deps(), { orderId: order.id, actorId: adminId, request: rest });
    expect((await orderRow(order.id)).refundedCents).toBe(order.totalCents);
  });

  it("records a refund made in PayPal's dashboard, once", async () => {
    const order = await paidPaypalOrder();
    const made = paypal.fake.refundInDashboard(order.providerPaymentId!, 1000);
    expect(await deliver("PAYMENT.CAPTURE.REFUNDED", made)).toBe(200);
    expect(await deliver("PAYMENT.CAPTURE.REFUNDED", made)).toBe(200);
    expect((await orderRow(order.id)).refundedCents).toBe(1000);
  });
});
