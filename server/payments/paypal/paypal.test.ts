import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createUser } from "../../../tests/factories/index.ts";
import { paypalCheckout, shopUrl, startFakePaypal } from "../../../tests/fakes/paypal-fixtures.ts";
import type { FakePaypal } from "../../../tests/fakes/paypal-server.ts";
import { cartWith, recordingMailer } from "../../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { couponReservations, orders, subscriptions } from "../../db/schema/index.ts";
import { cancelPayment } from "../../orders/payment-session.ts";
import { completePayment } from "../../paid-orders/complete-payment.ts";
import { cancelSubscriptionAtPeriodEnd } from "../../subscriptions/cancel.ts";
import type { orderPayload, planPayload } from "./payloads.ts";
import type { PaypalProvider } from "./paypal-provider.ts";

type OrderBody = ReturnType<typeof orderPayload>;
type PlanBody = ReturnType<typeof planPayload>;

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

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const holdsOf = (orderId: string) =>
  database.db.select().from(couponReservations).where(eq(couponReservations.orderId, orderId));
const cents = (money: { value: string }) => Math.round(Number(money.value) * 100);

/** A PayPal checkout holding a single-use coupon, and its PayPal order id. */
async function openWithSingleUseCoupon() {
  const coupon = await createCoupon(database.db, { usageLimit: 1 });
  const started = await paypalCheckout(database.db, provider, {
    cartId: await cartWith(database.db),
    couponCode: coupon.code,
  });
  return { started, token: (await orderRow(started.orderId)).providerSessionId! };
}

describe("PayPal one-time orders", () => {
  it("opens a PayPal order priced by the server, coupon included, and redirects to its approval", async () => {
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 2),
      couponCode: coupon.code,
    });
    const order = await orderRow(started.orderId);
    expect(order.totalCents).toBe(11498);
    const paypalOrder = fake.orders.get(order.providerSessionId!)!;
    expect(order.paypalOrderId).toBe(paypalOrder.id);
    expect(started.url).toBe(`${fake.url}/checkoutnow?token=${paypalOrder.id}`);
    expect(fake.requestIds).toContain(`POST /v2/checkout/orders ${order.id}`);

    const body = paypalOrder.request as unknown as OrderBody;
    expect(body.intent).toBe("CAPTURE");
    const unit = body.purchase_units[0]!;
    expect(unit.custom_id).toBe(order.id);
    expect(unit.amount).toMatchObject({ currency_code: "USD", value: "114.98" });
    expect(unit.amount.breakdown).toMatchObject({
      item_total: { value: "119.98" },
      discount: { value: "5.00" },
      shipping: { value: "0.00" },
    });
    expect(unit.items).toMatchObject([{ quantity: "2", unit_amount: { value: "59.99" } }]);
    // What PayPal checks: the items add up to item_total, and the breakdown to the amount.
    const items = unit.items.reduce((sum, i) => sum + cents(i.unit_amount) * Number(i.quantity), 0);
    expect(items).toBe(cents(unit.amount.breakdown.item_total));
    const { item_total, discount, shipping } = unit.amount.breakdown;
    expect(cents(item_total) - cents(discount) + cents(shipping)).toBe(cents(unit.amount));
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: `${shopUrl}/paypal-success`,
      cancel_url: `${shopUrl}/checkout?cancelled=${order.id}`,
      shipping_preference: "GET_FROM_FILE",
    });
    // No email typed: PayPal asks the payer to sign in as they like.
    expect(body.payment_source.paypal).not.toHaveProperty("email_address");
  });

  it("gives PayPal the email a guest typed at checkout, as the order's email", async () => {
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db),
      buyerEmail: "guest.buyer@example.com",
    });
    const order = await orderRow(started.orderId);
    expect(order.email).toBe("guest.buyer@example.com");
    const body = fake.orders.get(order.providerSessionId!)!.request as unknown as OrderBody;
    expect(body.payment_source.paypal.email_address).toBe("guest.buyer@example.com");
  });

  it("captures once when the first capture's answer is lost, and pays the order once", async () => {
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    const mailer = recordingMailer();
    expect(await completePayment(database.db, mailer, provider, token)).toBeNull(); // not approved yet

    fake.approveOrder(token);
    fake.loseNextCaptureAnswer();
    const before = fake.capturesMade;
    const paid = await completePayment(database.db, mailer, provider, token);
    expect(paid).toMatchObject({
      id: started.orderId,
      paymentStatus: "paid",
      email: "pat.payer@example.com",
    });
    expect(paid?.shippingAddress).toMatchObject({ line1: "9 Market St", city: "Denver", state: "CO" });
    expect(fake.capturesMade - before).toBe(1);
    const captureIds = fake.requestIds.filter((id) => id.endsWith(`capture-${started.orderId}`));
    expect(captureIds.length).toBeGreaterThanOrEqual(2); // retried with the same request id

    // A reload of the return page shows the same order without capturing or mailing again.
    const reload = await completePayment(database.db, mailer, provider, token);
    expect(reload?.id).toBe(started.orderId);
    expect(fake.capturesMade - before).toBe(1);
    expect(mailer.sent.map((m) => m.template)).toEqual(["order-confirmation"]);
  });

  it("treats an order captured elsewhere as paid (ORDER_ALREADY_CAPTURED)", async () => {
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    fake.approveOrder(token);
    // Captured by a call whose request id differs (e.g. from PayPal's own dashboard).
    const order = fake.orders.get(token)!;
    order.status = "COMPLETED";
    order.captureId = "CAP-ELSEWHERE";
    order.captureStatus = "COMPLETED";
    const paid = await completePayment(database.db, recordingMailer(), provider, token);
    expect(paid?.paymentStatus).toBe("paid");
  });

  it("cancel closes an unapproved order and releases its coupon; a closed order is never captured", async () => {
    const { started, token } = await openWithSingleUseCoupon();
    expect(await cancelPayment(database.db, provider, token)).toBe(started.orderId);
    expect((await orderRow(started.orderId)).paymentStatus).toBe("expired");
    expect(await holdsOf(started.orderId)).toEqual([]);

    fake.approveOrder(token); // approved at PayPal in another tab, after giving up here
    const before = fake.capturesMade;
    expect(await completePayment(database.db, recordingMailer(), provider, token)).toBeNull();
    expect(fake.capturesMade).toBe(before);
  });

  it("an approval after the payment window is not captured: the order expires and its coupon hold is gone", async () => {
    const { started, token } = await openWithSingleUseCoupon();
    // The order was opened 32 minutes ago: its hold (31 minutes) is over.
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 32 * 60_000) })
      .where(eq(orders.id, started.orderId));
    fake.approveOrder(token);
    const before = fake.capturesMade;
    expect(await completePayment(database.db, recordingMailer(), provider, token)).toBeNull();
    expect(fake.capturesMade).toBe(before);
    expect((await orderRow(started.orderId)).paymentStatus).toBe("expired");
    expect(await holdsOf(started.orderId)).toEqual([]);
  });

  it("cancel leaves an approved order alone (the payment is underway)", async () => {
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    fake.approveOrder(token);
    expect(await cancelPayment(database.db, provider, token)).toBeNull();
    expect((await orderRow(started.orderId)).paymentStatus).toBe("unpaid");
  });
});

describe("PayPal subscriptions", () => {
  it("creates a monthly plan (coupon as a one-month trial price) and a subscription for the order", async () => {
    const customer = await createUser(database.db);
    const coupon = await createCoupon(database.db); // 10% off the first order
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 1, customer.id),
      userId: customer.id,
      subscription: true,
      couponCode: coupon.code,
    });
    const order = await orderRow(started.orderId);
    expect(order.totalCents).toBe(4589); // $59.99 - 15% = $50.99, then 10% off the first order
    const subscription = fake.subscriptions.get(order.providerSessionId!)!;
    expect(started.url).toContain(`ba_token=BA-${subscription.id}`);
    expect(subscription.customId).toBe(order.id);
    expect(subscription.request).toMatchObject({
      application_context: { return_url: `${shopUrl}/paypal-success`, shipping_preference: "GET_FROM_FILE" },
    });
    const plan = fake.plans.get(subscription.planId) as unknown as PlanBody;
    expect(plan.billing_cycles).toMatchObject([
      { tenure_type: "TRIAL", total_cycles: 1, pricing_scheme: { fixed_price: { value: "45.89" } } },
      { tenure_type: "REGULAR", total_cycles: 0, pricing_scheme: { fixed_price: { value: "50.99" } } },
    ]);
    expect(plan.billing_cycles[0]!.frequency).toEqual({ interval_unit: "MONTH", interval_count: 1 });
  });

  it("confirms an active subscription: paid first order and our subscription row; one product reused", async () => {
    const customer = await createUser(database.db);
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 2, customer.id),
      userId: customer.id,
      subscription: true,
    });
    const subscriptionId = (await orderRow(started.orderId)).providerSessionId!;
    const plan = fake.plans.get(fake.subscriptions.get(subscriptionId)!.planId) as unknown as PlanBody;
    expect(plan.billing_cycles).toMatchObject([
      { tenure_type: "REGULAR", pricing_scheme: { fixed_price: { value: "95.98" } } },
    ]);
    expect(await completePayment(database.db, recordingMailer(), provider, subscriptionId)).toBeNull();

    fake.activateSubscription(subscriptionId);
    const paid = await completePayment(database.db, recordingMailer(), provider, subscriptionId);
    expect(paid).toMatchObject({ paymentStatus: "paid", email: "pat.payer@example.com" });
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    expect(rows).toMatchObject([
      { provider: "paypal", providerSubscriptionId: subscriptionId, status: "active" },
    ]);
    expect(fake.products.size).toBe(1);
  });

  it("waits for PayPal to activate a just-approved subscription, and gives up after a few reads", async () => {
    const customer = await createUser(database.db);
    const start = async () => {
      const started = await paypalCheckout(database.db, provider, {
        cartId: await cartWith(database.db, 1, customer.id),
        userId: customer.id,
        subscription: true,
      });
      return (await orderRow(started.orderId)).providerSessionId!;
    };
    const soonActive = await start();
    fake.approveSubscription(soonActive, 2);
    const paid = await completePayment(database.db, recordingMailer(), provider, soonActive);
    expect(paid).toMatchObject({ paymentStatus: "paid" });

    const stuck = await start();
    fake.approveSubscription(stuck, 100);
    expect(await completePayment(database.db, recordingMailer(), provider, stuck)).toBeNull();
    expect(fake.subscriptions.get(stuck)!.readsUntilActive).toBe(100 - 6);
  });

  it("cancelSubscription cancels at PayPal and keeps our row active until the period ends", async () => {
    const customer = await createUser(database.db);
    const started = await paypalCheckout(database.db, provider, {
      cartId: await cartWith(database.db, 1, customer.id),
      userId: customer.id,
      subscription: true,
    });
    const subscriptionId = (await orderRow(started.orderId)).providerSessionId!;
    fake.activateSubscription(subscriptionId);
    await completePayment(database.db, recordingMailer(), provider, subscriptionId);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    const cancelled = await cancelSubscriptionAtPeriodEnd(database.db, () => provider, {
      subscriptionId: row!.id,
    });
    expect(cancelled.ok).toBe(true);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe("CANCELLED");
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(after).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await provider.cancelSubscription(row!); // a second request is not an error
  });
});

describe("PayPal API client", () => {
  it("reuses one OAuth token for every call, and renews it once PayPal stops accepting it", async () => {
    expect(fake.tokensIssued).toBe(1); // every call of this file so far
    fake.revokeTokens();
    const started = await paypalCheckout(database.db, provider, { cartId: await cartWith(database.db) });
    expect((await orderRow(started.orderId)).providerSessionId).toMatch(/^ORD/);
    expect(fake.tokensIssued).toBe(2);
  });
});
