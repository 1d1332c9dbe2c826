import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories/index.ts";
import { paypalCheckout, startFakePaypal } from "../../../tests/fakes/paypal-fixtures.ts";
import type { FakePaypal } from "../../../tests/fakes/paypal-server.ts";
import { cartWith, recordingMailer } from "../../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { orders, refunds, subscriptions } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { completePayment } from "../../paid-orders/complete-payment.ts";
import { endUnpaidSubscriptions, PAST_DUE_GRACE_MS } from "../../subscriptions/dunning.ts";
import { adminRenewalRecord } from "../../subscriptions/renewal-record.ts";
import { handlePaypalWebhook } from "../../webhooks/paypal.ts";
import type { PaypalProvider } from "./paypal-provider.ts";
import { PAYPAL_AUTOPAY_URL } from "./subscription-changes.ts";
import { cancelPaypalSubscription } from "./subscriptions.ts";

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
const refundsOf = (orderId: string) => database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const subscriptionOf = async (userId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

/** A signed-in customer's subscription checkout, approved at PayPal (first payment as given). */
async function subscribe(firstPayment: "paid" | "pending" = "paid") {
  const customer = await createUser(database.db);
  const started = await paypalCheckout(database.db, provider, {
    cartId: await cartWith(database.db, 1, customer.id),
    userId: customer.id,
    subscription: true,
  });
  const subscriptionId = (await orderRow(started.orderId)).providerSessionId!;
  fake.activateSubscription(subscriptionId, undefined, new Date(), { firstPayment });
  return { orderId: started.orderId, subscriptionId, userId: customer.id };
}

const saleEvent = (sale: Record<string, unknown>) => fake.signedEvent("PAYMENT.SALE.COMPLETED", sale);

describe("an ACTIVE PayPal subscription is not a paid first month", () => {
  it("is fulfilled only once PayPal collected the first cycle (last_payment or its sale)", async () => {
    const { orderId, subscriptionId } = await subscribe("pending");
    const mailer = recordingMailer();
    // The return page and the activation event see ACTIVE without a last payment: not paid yet.
    expect(await completePayment(database.db, mailer, provider, subscriptionId)).toBeNull();
    await deliver(fake.signedEvent("BILLING.SUBSCRIPTION.ACTIVATED", { id: subscriptionId }), mailer);
    expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");

    const sale = fake.collectFirstPayment(subscriptionId);
    // PayPal's read may still lag behind the sale: the verified sale itself is the proof.
    fake.subscriptions.get(subscriptionId)!.lastPayment = undefined;
    expect(await deliver(saleEvent(sale), mailer)).toMatchObject({ status: 200 });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", providerPaymentId: sale.id });
    expect(mailer.sent.map((m) => m.template)).toEqual(["order-confirmation"]);
  });

  it("the first sale after the return page fulfilled the order is stored as its payment", async () => {
    const { orderId, subscriptionId } = await subscribe("paid");
    expect(await completePayment(database.db, recordingMailer(), provider, subscriptionId)).not.toBeNull();
    const sale = fake.sales.get(fake.subscriptions.get(subscriptionId)!.firstSaleId!)!;
    await deliver(saleEvent(sale));
    expect((await orderRow(orderId)).providerPaymentId).toBe(sale.id);
  });
});

describe("PayPal refunds and reversals of payments", () => {
  it("PAYMENT.SALE.REFUNDED records a dashboard refund of a renewal once, on its order", async () => {
    const { subscriptionId, userId } = await subscribe();
    await completePayment(database.db, recordingMailer(), provider, subscriptionId);
    const renewalSale = fake.collectRenewal(subscriptionId, new Date(Date.now() + 31 * DAY));
    await deliver(saleEvent(renewalSale));
    const subscription = await subscriptionOf(userId);
    const [renewal] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscription.id), eq(orders.providerSessionId, renewalSale.id)));
    expect(renewal).toBeDefined();

    const refund = fake.refundSale(renewalSale.id, 1000);
    const mailer = recordingMailer();
    expect(await deliver(fake.signedEvent("PAYMENT.SALE.REFUNDED", refund), mailer)).toMatchObject({
      status: 200,
    });
    // PayPal sending the same refund again under a new event id: counted once.
    await deliver(fake.signedEvent("PAYMENT.SALE.REFUNDED", refund), mailer);
    expect((await orderRow(renewal!.id)).refundedCents).toBe(1000);
    expect(await refundsOf(renewal!.id)).toMatchObject([
      { amountCents: 1000, status: "succeeded", source: "provider", providerRefundId: refund.id, lines: [] },
    ]);
    expect(mailer.sent.map((m) => m.template)).toEqual(["order-refunded"]);
  });

  it("PAYMENT.SALE.REVERSED (a chargeback) of the first month refunds the whole order and gives its goods back", async () => {
    const { orderId, subscriptionId } = await subscribe();
    await completePayment(database.db, recordingMailer(), provider, subscriptionId);
    const firstSale = fake.subscriptions.get(subscriptionId)!.firstSaleId!;
    await deliver(saleEvent(fake.sales.get(firstSale)!));
    // PayPal writes the reversed amount as a negative total.
    const reversal = fake.reverseSale(firstSale);
    reversal.amount = { total: `-${(reversal.amount as { total: string }).total}`, currency: "USD" };
    await deliver(fake.signedEvent("PAYMENT.SALE.REVERSED", reversal));
    const order = await orderRow(orderId);
    expect(order.refundedCents).toBe(order.totalCents);
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({
      reason: "Reversed by PayPal (chargeback or bank reversal)",
      status: "succeeded",
    });
    // Not shipped yet: every unit goes back to stock, as an admin's refund of all lines does.
    expect(row!.lines).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it("PAYMENT.CAPTURE.REVERSED records a chargeback of a one-time order", async () => {
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    fake.approveOrder(token);
    await completePayment(database.db, recordingMailer(), provider, token);
    const captureId = (await orderRow(started.orderId)).providerPaymentId!;
    await database.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, started.orderId));

    await deliver(fake.signedEvent("PAYMENT.CAPTURE.REVERSED", fake.reverseCapture(captureId)));
    const order = await orderRow(started.orderId);
    expect(order.refundedCents).toBe(order.totalCents);
    // Shipped: the goods are with the buyer, nothing goes back to stock.
    expect(await refundsOf(started.orderId)).toMatchObject([
      { reason: "Reversed by PayPal (chargeback or bank reversal)", lines: [] },
    ]);
  });
});

describe("failed PayPal renewals", () => {
  it("emails each failed attempt once, then past due after PayPal's last retry, then ended", async () => {
    const { subscriptionId, userId } = await subscribe();
    await completePayment(database.db, recordingMailer(), provider, subscriptionId);
    const mailer = recordingMailer();
    const start = Date.now();
    const failed = () =>
      fake.signedEvent("BILLING.SUBSCRIPTION.PAYMENT.FAILED", { id: subscriptionId, status: "ACTIVE" });

    fake.failPayment(subscriptionId, new Date(start + 31 * DAY));
    expect(await deliver(failed(), mailer)).toMatchObject({ status: 200 });
    await deliver(failed(), mailer); // the same failure reported again: no second email
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      // The address of the subscription's order (here the PayPal account's).
      to: "pat.payer@example.com",
      subject: "Payment failed — update your card",
      template: "payment-failed",
      props: { updateUrl: PAYPAL_AUTOPAY_URL, nextRetry: expect.stringMatching(/^on /) },
    });
    expect((await subscriptionOf(userId)).status).toBe("active");

    fake.failPayment(subscriptionId, new Date(start + 36 * DAY));
    await deliver(failed(), mailer);
    // The plan's payment_failure_threshold (3): PayPal suspends the subscription.
    fake.failPayment(subscriptionId, new Date(start + 41 * DAY));
    await deliver(failed(), mailer);
    await deliver(fake.signedEvent("BILLING.SUBSCRIPTION.SUSPENDED", { id: subscriptionId }), mailer);
    const row = await subscriptionOf(userId);
    expect(row.status).toBe("past_due");
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      "Payment failed — update your card",
      "Payment failed — update your card",
      "Payment failed — update your card",
      "Your subscription is past due",
    ]);
    expect(mailer.sent[2]!.props).toMatchObject({ nextRetry: null });
    const record = await adminRenewalRecord(database.db, row.id);
    expect(record.notices.map((n) => n.kind).sort()).toEqual([
      "past_due",
      "payment_failed",
      "payment_failed",
      "payment_failed",
    ]);

    // Past due for the grace period: the sweep ends it at PayPal and here, and says so once.
    const deps = {
      db: database.db,
      mailer,
      publicUrl: "http://shop.test",
      endAtProvider: (sub: { providerSubscriptionId: string | null }) =>
        cancelPaypalSubscription(provider.client, sub.providerSubscriptionId!),
    };
    expect(await endUnpaidSubscriptions(deps, new Date())).toBe(0);
    const later = new Date(Date.now() + PAST_DUE_GRACE_MS + DAY);
    expect(await endUnpaidSubscriptions(deps, later)).toBe(1);
    expect(await endUnpaidSubscriptions(deps, later)).toBe(0);
    expect((await subscriptionOf(userId)).status).toBe("canceled");
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe("CANCELLED");
    expect(mailer.sent.at(-1)!.subject).toBe("Your subscription has ended");
    expect(mailer.sent).toHaveLength(5);
  });
});
