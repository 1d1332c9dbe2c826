import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLabel } from "../../../core/orders/order-number.ts";
import { recurringPrice, renewalTotalCents } from "../../../core/pricing/recurring-price.ts";
import { createCoupon, createUser } from "../../../tests/factories/index.ts";
import { fakeBuyer } from "../../../tests/fakes/stripe-server.ts";
import { SHOP_URL, startStripeTestbed } from "../../../tests/fakes/stripe-shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { couponReservations, mailOutbox, orders, subscriptions } from "../../db/schema/index.ts";
import { cancelPayment } from "../../orders/payment-session.ts";
import { providerForSession } from "../../orders/session-provider.ts";
import { completePayment } from "../../paid-orders/complete-payment.ts";
import { fulfilOrder } from "../../paid-orders/fulfil.ts";
import { cancelSubscriptionAtPeriodEnd } from "../../subscriptions/cancel.ts";
import { monthlyLines, STRIPE_LINE_LIMITS, withinLineLimit } from "./session-plan.ts";

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

const sum = (lines: { unitAmount: number; quantity: number }[]) =>
  lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);

describe("Stripe Checkout Session for a one-time order", () => {
  it("charges the server's prices less the coupon, exactly the order total", async () => {
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const cartId = await bed.cartWith([5999, 3333]);
    const { order, session } = await bed.checkout(cartId, { couponCode: coupon.code });

    expect(order).toMatchObject({ provider: "stripe", subtotalCents: 9332, totalCents: 8832 });
    expect(order.providerSessionId).toBe(session.id);
    expect(order.stripeSessionId).toBe(session.id);
    expect(session.amount_total).toBe(order.totalCents);
    expect(bed.fake.lineItems(session.id).map((l) => [l.unitAmount, l.quantity, l.recurring])).toEqual([
      [5999, 1, false],
      [3333, 1, false],
    ]);
    const [created] = bed.fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(created?.idempotencyKey).toBe(`order-${order.id}-session`);
    expect(created?.body).toMatchObject({
      mode: "payment",
      metadata: { order_id: order.id },
      client_reference_id: order.id,
      success_url: `${SHOP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SHOP_URL}/checkout?cancelled=${order.id}`,
      shipping_address_collection: { allowed_countries: ["US"] },
      phone_number_collection: { enabled: "true" },
    });
    const [discount] = bed.fake.requestsTo("POST", "/v1/coupons").slice(-1);
    expect(discount?.body).toMatchObject({ amount_off: "500", duration: "once", currency: "usd" });
    expect(discount?.idempotencyKey).toBe(`order-${order.id}-coupon`);
  });

  it("holds the coupon as long as Stripe keeps the session open (at least 30 minutes)", async () => {
    const coupon = await createCoupon(database.db);
    const { order, session } = await bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code });
    const [reservation] = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.orderId, order.id));
    expect(Math.floor(reservation!.expiresAt.getTime() / 1000)).toBeGreaterThanOrEqual(
      Number(session.expires_at),
    );
  });

  it("confirms only once paid, with the buyer Stripe collected; the return page fulfils once", async () => {
    const { order, session } = await bed.checkout(await bed.cartWith([4500]));
    const provider = await providerForSession(
      { config: { stripe: undefined, paypal: undefined, publicUrl: SHOP_URL }, database },
      session.id,
    ).catch((error: Error) => error);
    // The order names its provider; without Stripe configured it cannot be confirmed.
    expect(provider).toBeInstanceOf(Error);

    expect(await bed.gateway.provider.confirm(database.db, order)).toBeNull();
    bed.fake.completeSession(session.id);
    const first = await completePayment(database.db, bed.mailer, bed.gateway.provider, session.id);
    const reload = await completePayment(database.db, bed.mailer, bed.gateway.provider, session.id);
    expect(first).toMatchObject({
      id: order.id,
      paymentStatus: "paid",
      email: fakeBuyer.email,
      name: fakeBuyer.name,
    });
    expect(first?.shippingAddress).toMatchObject({ line1: "5 Market St", postalCode: "94105", state: "CA" });
    expect(reload?.id).toBe(order.id);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, fakeBuyer.email));
    expect(mails.filter((m) => m.subject.includes(`#${orderLabel(first!)}`))).toHaveLength(1);
  });

  it("cancel expires the session at Stripe, releases the coupon and expires the order", async () => {
    const coupon = await createCoupon(database.db, { usageLimit: 1 });
    const first = await bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code });
    await expect(bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code })).rejects.toThrow(
      "coupon",
    );

    expect(await cancelPayment(database.db, bed.gateway.provider, first.session.id)).toBe(first.orderId);
    expect(bed.fake.session(first.session.id).status).toBe("expired");
    const [order] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(order?.paymentStatus).toBe("expired");
    expect((await bed.checkout(await bed.cartWith([5999]), { couponCode: coupon.code })).ok).toBe(true);
  });

  it("cancel leaves a session the buyer already paid alone", async () => {
    const { order, session } = await bed.checkout(await bed.cartWith([5999]));
    bed.fake.completeSession(session.id);
    expect(await cancelPayment(database.db, bed.gateway.provider, session.id)).toBeNull();
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentStatus).toBe("unpaid");
    expect(await completePayment(database.db, bed.mailer, bed.gateway.provider, session.id)).toMatchObject({
      paymentStatus: "paid",
    });
  });
});

describe("Stripe Checkout Session for a subscription", () => {
  it("bills two items monthly at the discounted price; the coupon only lowers the first charge", async () => {
    const customer = await createUser(database.db);
    const coupon = await createCoupon(database.db); // 10%
    const cartId = await bed.cartWith([5999, 2499], { userId: customer.id });
    const { order, session } = await bed.checkout(cartId, {
      userId: customer.id,
      purchaseType: "subscription",
      couponCode: coupon.code,
    });
    // 20% for 2 items: 8498 − 1700 = 6798 a month; the first month also − 10% (680).
    expect(order).toMatchObject({
      subscriptionDiscountCents: 1700,
      couponDiscountCents: 680,
      totalCents: 6118,
    });
    const lines = bed.fake.lineItems(session.id);
    expect(lines.every((line) => line.recurring)).toBe(true);
    expect(sum(lines)).toBe(6798);
    expect(sum(lines)).toBe(renewalTotalCents(order.subtotalCents, 2000));
    expect(session).toMatchObject({ mode: "subscription", amount_total: order.totalCents });
    const [discount] = bed.fake.requestsTo("POST", "/v1/coupons").slice(-1);
    expect(discount?.body).toMatchObject({ amount_off: "680", duration: "once" });
    expect(discount?.body.name).toContain("first month");

    bed.fake.completeSession(session.id);
    const paid = await bed.gateway.provider.confirm(database.db, order);
    expect(paid?.providerSubscriptionId).toBe(bed.fake.session(session.id).subscription);
    await fulfilOrder(database.db, bed.mailer, paid!);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    expect(row).toMatchObject({
      provider: "stripe",
      providerSubscriptionId: paid?.providerSubscriptionId,
      monthlyTotalCents: 6798,
    });
  });

  it("cancel anytime: cancels at period end with Stripe, then on our row", async () => {
    const customer = await createUser(database.db);
    const { session } = await bed.checkout(await bed.cartWith([5999], { userId: customer.id }), {
      userId: customer.id,
      purchaseType: "subscription",
    });
    bed.fake.completeSession(session.id);
    await completePayment(database.db, bed.mailer, bed.gateway.provider, session.id);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));

    await cancelSubscriptionAtPeriodEnd(database.db, () => bed.gateway.provider, { subscriptionId: row!.id });
    expect(bed.fake.subscription(row!.providerSubscriptionId!)).toMatchObject({ cancel_at_period_end: true });
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(after).toMatchObject({ cancelAtPeriodEnd: true, status: "active", canceledAt: null });
    expect(after?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 25 * 24 * 3600_000);
  });
});

describe("monthlyLines", () => {
  it("splits the monthly total exactly, sending an indivisible line as one unit", () => {
    const items = [
      { name: "Resin", weight: "30g", unitPriceCents: 5999, quantity: 2, lineTotalCents: 11998 },
      { name: "Drops", weight: "", unitPriceCents: 1001, quantity: 3, lineTotalCents: 3003 },
    ];
    expect(monthlyLines(items, 12001)).toEqual([
      { name: "2 × Resin (30g)", unitAmount: 9599, quantity: 1 },
      { name: "3 × Drops", unitAmount: 2402, quantity: 1 },
    ]);
    // A share that divides by its quantity keeps per-unit prices.
    expect(monthlyLines(items, 12000)).toEqual([
      { name: "Resin (30g)", unitAmount: 4799, quantity: 2 },
      { name: "3 × Drops", unitAmount: 2402, quantity: 1 },
    ]);
  });
});

describe("Stripe's line item limits", () => {
  it("a subscription cart of 22 products is charged in 20 recurring lines (the rest grouped), at exactly the order total", async () => {
    const customer = await createUser(database.db);
    const prices = Array.from({ length: 22 }, (_, i) => 1000 + i * 10);
    const cartId = await bed.cartWith(prices, { userId: customer.id });
    const { order, session } = await bed.checkout(cartId, {
      userId: customer.id,
      purchaseType: "subscription",
    });
    const lines = bed.fake.lineItems(session.id);
    expect(lines).toHaveLength(20);
    expect(lines.every((line) => line.recurring)).toBe(true);
    expect(lines.at(-1)?.name).toMatch(/^3 more items: /);
    expect(session.amount_total).toBe(order.totalCents);
    expect(sum(lines)).toBe(recurringPrice(order).monthlyCents);
  });

  it("a one-time cart beyond 100 lines is grouped to 100, shipping and tax kept as their own lines", () => {
    const items = Array.from({ length: 120 }, (_, i) => ({
      name: `Item ${i}`,
      unitAmount: 100 + i,
      quantity: 2,
    }));
    const extras = [{ name: "Shipping: Standard", unitAmount: 599, quantity: 1 }];
    const lines = withinLineLimit(items, extras, STRIPE_LINE_LIMITS.payment);
    expect(lines).toHaveLength(100);
    expect(lines.at(-1)).toEqual(extras[0]);
    expect(lines.at(-2)?.name).toMatch(/^22 more items: 2 × Item 98, 2 × Item 99/);
    expect(sum(lines)).toBe(sum(items) + 599);
    expect(lines.every((line) => line.name.length <= 250)).toBe(true);
    expect(withinLineLimit(items.slice(0, 99), extras, 100)).toHaveLength(100);
  });
});
