import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createUser } from "../../tests/factories/index.ts";
import { startFakePaypal } from "../../tests/fakes/paypal-fixtures.ts";
import type { FakePaypal } from "../../tests/fakes/paypal-server.ts";
import { startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { cartWith, recordingMailer, testBuyer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { couponUsages, orders } from "../db/schema/index.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { reconcileOpenPayments } from "../paid-orders/reconcile.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { sandboxProvider } from "../payments/sandbox.ts";
import { startCheckout } from "./checkout.ts";

let database: TestDatabase;
let stripe: Awaited<ReturnType<typeof startStripeTestbed>>;
let paypal: { fake: FakePaypal; provider: PaymentProvider };
beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeTestbed(database.db);
  paypal = await startFakePaypal();
});
afterAll(async () => {
  await stripe?.close();
  await paypal?.fake.stop();
  await database?.destroy();
});

const address = testBuyer.address;

/** A one-time checkout whose coupon takes the whole order (free shipping over the threshold). */
async function freeCheckout(provider: PaymentProvider, options: { userId?: string; email?: string } = {}) {
  const coupon = await createCoupon(database.db, {
    discountType: "percentage",
    discountValueHundredths: 10000,
  });
  const result = await startCheckout(database.db, provider, {
    cartId: await cartWith(database.db, 2, options.userId),
    userId: options.userId ?? null,
    purchaseType: "one_time",
    paymentMethod: provider.name === "paypal" ? "paypal" : "card",
    couponCode: coupon.code,
    shippingAddress: { line2: "", ...address, name: testBuyer.name, phone: testBuyer.phone },
    buyerEmail: options.email ?? null,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  const [order] = await database.db.select().from(orders).where(eq(orders.id, result.orderId));
  return { result, order: order!, coupon };
}

describe("an order a coupon takes to $0.00", () => {
  it.each([
    ["Stripe", () => stripe.gateway.provider, () => stripe.fake.requests.length],
    ["PayPal", () => paypal.provider, () => paypal.fake.orders.size],
    ["the sandbox", () => sandboxProvider, () => 0],
  ])(
    "with %s: confirmed without the provider, once, with its coupon use and email",
    async (_, providerOf, calls) => {
      const provider = providerOf();
      const before = calls();
      const mailer = recordingMailer("http://shop.test");
      const { result, order, coupon } = await freeCheckout(provider, { email: "free@example.com" });
      expect(order).toMatchObject({ totalCents: 0, paymentStatus: "unpaid", provider: provider.name });
      expect(result.url).toBe(`/payment-success?session_id=${order.providerSessionId}`);
      expect(order.providerSessionId).toMatch(/^free_[A-Za-z0-9_-]{24}$/);
      expect(calls()).toBe(before);

      // The return page confirms it (a reload changes nothing).
      const paid = await completePayment(database.db, mailer, provider, order.providerSessionId!);
      expect(paid).toMatchObject({
        id: order.id,
        paymentStatus: "paid",
        totalCents: 0,
        email: "free@example.com",
      });
      await completePayment(database.db, mailer, provider, order.providerSessionId!);
      expect(mailer.sent.filter((m) => m.template === "order-confirmation")).toHaveLength(1);
      const usages = await database.db
        .select()
        .from(couponUsages)
        .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.orderId, order.id)));
      expect(usages).toHaveLength(1);
      expect(calls()).toBe(before);
    },
  );

  it("a guest's free order without an email is refused before anything is written", async () => {
    const coupon = await createCoupon(database.db, {
      discountType: "percentage",
      discountValueHundredths: 10000,
    });
    const cartId = await cartWith(database.db, 2);
    const result = await startCheckout(database.db, stripe.gateway.provider, {
      cartId,
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: coupon.code,
      shippingAddress: { line2: "", ...address, name: testBuyer.name, phone: testBuyer.phone },
    });
    expect(result).toEqual({ ok: false, reason: "email_required" });
    expect(await database.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
  });

  it("a signed-in customer's free order takes the account's email; the reconciliation confirms one nobody returned from", async () => {
    const customer = await createUser(database.db);
    const { order } = await freeCheckout(stripe.gateway.provider, { userId: customer.id });
    const mailer = recordingMailer("http://shop.test");
    const config = {
      stripe: { secretKey: "sk_test_free", webhookSecret: undefined, apiBase: stripe.fake.url },
      paypal: undefined,
      publicUrl: "http://shop.test",
    };
    // Two minutes later, nobody having opened the return page: the minute sweep confirms it.
    const later = new Date(Date.now() + 2 * 60_000);
    const report = await reconcileOpenPayments({ config, database, mailer, log: { error: () => {} } }, later);
    expect(report.fulfilled).toBe(1);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentStatus: "paid", email: customer.email });
  });
});
