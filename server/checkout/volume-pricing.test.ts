import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createProduct, createUser, createVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart, priceCart } from "../cart/cart.ts";
import { orderItems, orders, subscriptions } from "../db/schema/index.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { renderMail } from "../mail/render.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { orderPayload, planPayload, returnUrls } from "../payments/paypal/payloads.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { planCheckoutSession } from "../payments/stripe/session-plan.ts";
import { renewSubscription } from "../subscriptions/renew.ts";
import { startCheckout } from "./checkout.ts";

// Decision 030 end to end on a real database: tiers by units per product (all variants), the
// order and its lines store the volume discount, the payloads charge exactly the order's total.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const tiers = [
  { minQuantity: 3, percentOff: 10 },
  { minQuantity: 6, percentOff: 15 },
];
const buyer = {
  name: "Vol Buyer",
  email: "vol@example.com",
  phone: "555-0101",
  address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
};
const mailer = { send: async () => "id" };
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A tiered product ($59.99, and a $49.99 second variant) with 2 + 1 units in a new cart. */
async function tieredCart(userId?: string) {
  const product = await createProduct(database.db, { priceCents: 5999, quantityTiers: tiers });
  const big = await createVariant(database.db, product, { title: "50g", priceCents: 4999 });
  const cartId = await getOrCreateCart(database.db, userId ? { userId } : { guestCartId: null });
  await addToCart(database.db, cartId, product.id, 2);
  await addToCart(database.db, cartId, { productId: product.id, variantId: big.id }, 1);
  return cartId;
}

async function orderWithItems(orderId: string) {
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { order: order!, items };
}

describe("volume pricing at checkout", () => {
  it("counts both variants towards the tier and stores the discount on the order and its lines", async () => {
    const cartId = await tieredCart();
    const cart = await priceCart(database.db, cartId);
    // 11998 → −1200 (1199.8), 4999 → −500 (499.9): 1700 off 16997.
    expect(cart).toMatchObject({ subtotalCents: 16997, volumeDiscountCents: 1700, totalCents: 15297 });
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 500 });
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId,
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: coupon.code,
    });
    if (!started.ok) throw new Error(started.reason);
    const { order, items } = await orderWithItems(started.orderId);
    expect(order).toMatchObject({
      subtotalCents: 16997,
      volumeDiscountCents: 1700,
      couponDiscountCents: 500,
      totalCents: 14797,
    });
    expect(sum(items.map((i) => i.volumeDiscountCents))).toBe(1700);
    expect(sum(items.map((i) => i.lineTotalCents))).toBe(order.subtotalCents);

    // The providers charge exactly the total: Stripe's lines less its one-off discount, PayPal's breakdown.
    const stripe = planCheckoutSession(order, items);
    expect(sum(stripe.lines.map((l) => l.unitAmount * l.quantity)) - stripe.firstChargeDiscountCents).toBe(
      order.totalCents,
    );
    expect(stripe.discountName).toBe(`Volume saving and coupon ${coupon.code}`);
    const paypal = orderPayload(order, items, returnUrls("https://shop.test", order.id), "Shop");
    const { amount, items: paypalItems } = paypal.purchase_units[0]!;
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(cents(amount.value)).toBe(order.totalCents);
    expect(cents(amount.breakdown.item_total.value) - cents(amount.breakdown.discount.value)).toBe(
      order.totalCents,
    );
    expect(sum(paypalItems.map((i) => cents(i.unit_amount.value) * Number(i.quantity)))).toBe(
      cents(amount.breakdown.item_total.value),
    );

    // Paid: the confirmation email lists the saving and adds up to the total.
    await paySandboxSession(database.db, started.url.split("/").pop()!, {
      cardNumber: "4242424242424242",
      buyer,
    });
    const sent: MailMessage[] = [];
    await fulfilOrder(
      database.db,
      {
        send: async (m: MailMessage) => {
          sent.push(m);
          return "id";
        },
      },
      { orderId: order.id, buyer },
    );
    const [confirmation] = sent;
    expect(confirmation?.props).toMatchObject({ subtotalCents: 16997, volumeDiscountCents: 1700 });
    const { text } = await renderMail("order-confirmation", confirmation!.props as never);
    expect(text).toContain("Volume saving: -$17.00");
    expect(text).toContain("Total: $147.97");
  });

  it("meets a coupon's minimum order with the amount after the volume discount", async () => {
    const coupon = await createCoupon(database.db, { minimumOrderCents: 16000 });
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId: await tieredCart(),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: coupon.code,
    });
    expect(started).toMatchObject({ ok: false, reason: "coupon" });
  });

  it("a subscription keeps its volume discount on every renewal, at the price the provider bills", async () => {
    const customer = await createUser(database.db);
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId: await tieredCart(customer.id),
      userId: customer.id,
      purchaseType: "subscription",
      paymentMethod: "card",
      couponCode: null,
    });
    if (!started.ok) throw new Error(started.reason);
    // 16997 − 1700 = 15297; −20% (3 items) = 3059 (3059.4) → 12238.
    expect(started.breakdown).toMatchObject({
      volumeDiscountCents: 1700,
      subscriptionDiscountCents: 3059,
      totalCents: 12238,
    });
    const { order, items } = await orderWithItems(started.orderId);
    expect(sum(planCheckoutSession(order, items).lines.map((l) => l.unitAmount * l.quantity))).toBe(12238);
    expect(planPayload(order, "PROD").billing_cycles[0]!.pricing_scheme.fixed_price.value).toBe("122.38");

    await paySandboxSession(database.db, started.url.split("/").pop()!, {
      cardNumber: "4242424242424242",
      buyer,
    });
    await fulfilOrder(database.db, mailer, { orderId: started.orderId, buyer });
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, customer.id));
    expect(subscription).toMatchObject({ monthlyTotalCents: 12238, discountBasisPoints: 2000 });

    const renewed = await renewSubscription(database.db, mailer, subscription!.id);
    if (!renewed.ok) throw new Error(renewed.reason);
    const renewal = await orderWithItems(renewed.orderId);
    expect(renewal.order).toMatchObject({
      subtotalCents: 16997,
      volumeDiscountCents: 1700,
      subscriptionDiscountCents: 3059,
      totalCents: 12238,
    });
    expect(sum(renewal.items.map((i) => i.volumeDiscountCents))).toBe(1700);
  });
});
