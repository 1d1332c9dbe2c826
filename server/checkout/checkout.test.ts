import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createProduct, createUser } from "../../tests/factories/index.ts";
import { recordingMailer, testBuyer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart, priceCart } from "../cart/cart.ts";
import {
  cartLines,
  couponReservations,
  coupons,
  couponUsages,
  orders,
  sandboxSessions,
  subscriptions,
} from "../db/schema/index.ts";
import { expireSandboxPayments } from "../orders/close-order.ts";
import { cancelPayment } from "../orders/payment-session.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { renewSubscription } from "../subscriptions/renew.ts";
import { startCheckout } from "./checkout.ts";

const buyer = testBuyer;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A guest cart with `quantity` of a $59.99 product. */
async function cartWith(quantity = 1, userId?: string) {
  const product = await createProduct(database.db, { priceCents: 5999 });
  const cartId = await getOrCreateCart(database.db, userId ? { userId } : { guestCartId: null });
  await addToCart(database.db, cartId, product.id, quantity);
  return cartId;
}

const checkout = (cartId: string, extra: Partial<Parameters<typeof startCheckout>[2]> = {}) =>
  startCheckout(database.db, sandboxProvider, {
    cartId,
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
    ...extra,
  });

describe("startCheckout", () => {
  it("prices from the database, creates an unpaid order and a sandbox session", async () => {
    const cartId = await cartWith(2);
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const result = await checkout(cartId, { couponCode: coupon.code.toLowerCase() });
    if (!result.ok) throw new Error(result.reason);
    expect(result.url).toMatch(/^\/sandbox\/pay\/sbx_/);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      paymentStatus: "unpaid",
      subtotalCents: 11998,
      couponDiscountCents: 500,
      totalCents: 11498,
      couponCode: coupon.code,
      cartId,
    });
    const reservations = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.orderId, result.orderId));
    expect(reservations).toHaveLength(1);
  });

  it("refuses an empty cart, a signed-out subscription and a rejected coupon without leaving an order", async () => {
    const [{ n: before } = { n: -1 }] = await database.db.select({ n: count() }).from(orders);
    const emptyCart = await getOrCreateCart(database.db, { guestCartId: null });
    expect(await checkout(emptyCart)).toEqual({ ok: false, reason: "empty_cart" });
    const cartId = await cartWith(1);
    expect(await checkout(cartId, { purchaseType: "subscription" })).toEqual({
      ok: false,
      reason: "sign_in_required",
    });
    const result = await checkout(cartId, { couponCode: "NOSUCH" });
    expect(result).toMatchObject({ ok: false, reason: "coupon", rejection: { title: "Invalid Coupon" } });
    const [{ n: after } = { n: -2 }] = await database.db.select({ n: count() }).from(orders);
    expect(after).toBe(before);
  });

  it("a provider that fails or gives no URL: provider_error, and no order or coupon hold left", async () => {
    const [{ n: before } = { n: -1 }] = await database.db.select({ n: count() }).from(orders);
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const failing = { ...sandboxProvider, createSession: () => Promise.reject(new Error("stripe is down")) };
    const noUrl = {
      ...sandboxProvider,
      createSession: () => Promise.resolve({ sessionId: "sess_1", url: "", expiresAt: new Date() }),
    };
    for (const provider of [failing, noUrl]) {
      const result = await startCheckout(database.db, provider, {
        cartId: await cartWith(1),
        userId: null,
        purchaseType: "one_time",
        paymentMethod: "card",
        couponCode: coupon.code,
      });
      expect(result).toMatchObject({ ok: false, reason: "provider_error" });
    }
    const [{ n: after } = { n: -2 }] = await database.db.select({ n: count() }).from(orders);
    expect(after).toBe(before);
    const holds = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.couponId, coupon.id));
    expect(holds).toHaveLength(0);
  });

  it("gives a signed-in subscriber 20% off for 2+ items", async () => {
    const customer = await createUser(database.db);
    const cartId = await cartWith(2, customer.id);
    const result = await checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    if (!result.ok) throw new Error(result.reason);
    expect(result.breakdown).toMatchObject({ subscriptionDiscountCents: 2400, totalCents: 9598 });
  });
});

describe("sandbox payment and fulfilment", () => {
  it("declines the decline card, then pays, fulfils once and empties the cart", async () => {
    const cartId = await cartWith(1);
    const coupon = await createCoupon(database.db);
    const started = await checkout(cartId, { couponCode: coupon.code });
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("/").pop()!;
    const declined = await paySandboxSession(database.db, sessionId, {
      cardNumber: "4000 0000 0000 0002",
      buyer,
    });
    expect(declined).toMatchObject({ ok: false, reason: "declined" });
    expect(await completePayment(database.db, recordingMailer(), sandboxProvider, sessionId)).toBeNull();

    expect(
      await paySandboxSession(database.db, sessionId, { cardNumber: "4242 4242 4242 4242", buyer }),
    ).toEqual({
      ok: true,
      orderId: started.orderId,
      method: "card",
    });
    const mailer = recordingMailer();
    const first = await completePayment(database.db, mailer, sandboxProvider, sessionId);
    const reload = await completePayment(database.db, mailer, sandboxProvider, sessionId);
    expect(first).toMatchObject({ id: started.orderId, paymentStatus: "paid", email: buyer.email });
    expect(reload?.id).toBe(started.orderId);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: buyer.email, template: "order-confirmation" });
    const usages = await database.db
      .select()
      .from(couponUsages)
      .where(eq(couponUsages.orderId, started.orderId));
    expect(usages).toMatchObject([{ couponId: coupon.id, userEmail: buyer.email, discountCents: 600 }]);
    const [updated] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(updated?.usedCount).toBe(1);
    expect(
      await database.db
        .select()
        .from(couponReservations)
        .where(eq(couponReservations.orderId, started.orderId)),
    ).toEqual([]);
    expect(await database.db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toEqual([]);
  });

  it("starts a monthly sandbox subscription for a subscription order", async () => {
    const customer = await createUser(database.db);
    const cartId = await cartWith(1, customer.id);
    const started = await checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    if (!started.ok) throw new Error(started.reason);
    await paySandboxSession(database.db, started.url.split("/").pop()!, {
      cardNumber: "4242424242424242",
      buyer,
    });
    await fulfilOrder(database.db, recordingMailer(), { orderId: started.orderId, buyer });
    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));
    expect(rows).toMatchObject([{ status: "active", provider: "sandbox", monthlyTotalCents: 5099 }]);

    // A renewal: a new paid order at the subscribed price, the period a month on, one email.
    const mailer = recordingMailer();
    const renewed = await renewSubscription(database.db, mailer, rows[0]!.id);
    if (!renewed.ok) throw new Error(renewed.reason);
    const [renewal] = await database.db.select().from(orders).where(eq(orders.id, renewed.orderId));
    expect(renewal).toMatchObject({ paymentStatus: "paid", totalCents: 5099, email: buyer.email });
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(rows[0]!.currentPeriodEnd!.getTime());
    expect(mailer.sent).toMatchObject([{ template: "subscription-renewal", to: buyer.email }]);
  });

  it("cancel and expiry release the coupon reservation and expire the order", async () => {
    const coupon = await createCoupon(database.db, { usageLimit: 1 });
    const first = await checkout(await cartWith(1), { couponCode: coupon.code });
    if (!first.ok) throw new Error(first.reason);
    // The only use is held: a second checkout is refused until the first gives it back.
    expect(await checkout(await cartWith(1), { couponCode: coupon.code })).toMatchObject({
      rejection: { title: "Usage Limit Reached" },
    });
    expect(await cancelPayment(database.db, sandboxProvider, first.url.split("/").pop()!)).toBe(
      first.orderId,
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(order?.paymentStatus).toBe("expired");

    const second = await checkout(await cartWith(1), { couponCode: coupon.code });
    if (!second.ok) throw new Error(second.reason);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireSandboxPayments(database.db, later)).toBeGreaterThanOrEqual(1);
    const [session] = await database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.orderId, second.orderId));
    expect(session?.status).toBe("expired");
    expect(await checkout(await cartWith(1), { couponCode: coupon.code })).toMatchObject({ ok: true });
  });

  it("ignores prices and quantities sent by the browser: only the stored cart counts", async () => {
    const cartId = await cartWith(3);
    const priced = await priceCart(database.db, cartId);
    const tampered = {
      cartId,
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      totalAmount: 1,
      cartItems: [{ quantity: 1, priceCents: 1 }],
    } as unknown as Parameters<typeof startCheckout>[2];
    const result = await startCheckout(database.db, sandboxProvider, tampered);
    if (!result.ok) throw new Error(result.reason);
    expect(result.breakdown.totalCents).toBe(priced.subtotalCents);
    expect(priced.subtotalCents).toBe(3 * 5999);
  });
});

describeOnPostgres("concurrency on PostgreSQL", () => {
  it("fulfilment called 20 times at once: one paid order, one usage, one email", async () => {
    const coupon = await createCoupon(database.db);
    const started = await checkout(await cartWith(1), { couponCode: coupon.code });
    if (!started.ok) throw new Error(started.reason);
    const mailer = recordingMailer();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => fulfilOrder(database.db, mailer, { orderId: started.orderId, buyer })),
    );
    expect(results.filter((r) => r.fulfilled)).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
    const usages = await database.db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id));
    expect(usages).toHaveLength(1);
    const [updated] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(updated?.usedCount).toBe(1);
  });

  it("50 concurrent checkouts with ONCE15: exactly one reserves, the others hit the usage limit", async () => {
    await createCoupon(database.db, { code: "ONCE15", usageLimit: 1, discountValueHundredths: 1500 });
    const carts = await Promise.all(Array.from({ length: 50 }, () => cartWith(1)));
    const results = await Promise.all(carts.map((cartId) => checkout(cartId, { couponCode: "ONCE15" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toMatchObject({ rejection: { title: "Usage Limit Reached" } });
  });
});
