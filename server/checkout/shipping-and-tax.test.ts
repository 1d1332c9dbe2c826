import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostalAddress } from "../../core/orders/address.ts";
import { createCoupon, createProduct, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { orderItems, orders, shippingZones, subscriptions } from "../db/schema/index.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { renderMail } from "../mail/render.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import { orderPayload, planPayload, returnUrls, subscriptionPayload } from "../payments/paypal/payloads.ts";
import type { Buyer } from "../payments/provider.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { planCheckoutSession, sessionParams } from "../payments/stripe/session-plan.ts";
import { saveTaxRate } from "../shipping/tax-rates.ts";
import { saveShippingZone } from "../shipping/zones.ts";
import { renewSubscription } from "../subscriptions/renew.ts";
import { startCheckout } from "./checkout.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  // The owner's settings: $5 free over $50 in the US, $15 to Alaska & Hawaii, 8.25% in Texas on
  // goods and shipping.
  const [us] = await db.select().from(shippingZones);
  await saveShippingZone(db, us!.id, {
    zoneName: "United States",
    states: [],
    rateName: "Standard shipping",
    price: 500,
    freeOver: 5000,
  });
  await saveShippingZone(db, "", {
    zoneName: "Alaska & Hawaii",
    states: ["AK", "HI"],
    rateName: "Remote shipping",
    price: 1500,
    freeOver: null,
  });
  await saveTaxRate(db, { state: "TX", rate: 825, taxesShipping: true });
});
afterAll(() => database.destroy());

const texas: PostalAddress = {
  name: "Tex Buyer",
  phone: "+1 512 555 0100",
  line1: "100 Congress Ave",
  line2: "Suite 2",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
};
/** What a provider reports: another name and address, which must not replace ours. */
const providerBuyer: Buyer = {
  name: "Card Holder",
  email: "tex@example.com",
  phone: "",
  address: { line1: "9 Elsewhere Rd", city: "Reno", state: "NV", postalCode: "89501", country: "US" },
};
const mailer = {
  sent: [] as MailMessage[],
  send: async (m: MailMessage) => {
    mailer.sent.push(m);
    return "id";
  },
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const cents = (value: string) => Math.round(Number(value) * 100);

async function cartOf(priceCents: number, quantity: number, userId?: string) {
  const product = await createProduct(database.db, { priceCents });
  const cartId = await getOrCreateCart(database.db, userId ? { userId } : { guestCartId: null });
  await addToCart(database.db, cartId, product.id, quantity);
  return cartId;
}

async function orderWithItems(orderId: string) {
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { order: order!, items };
}

describe("checkout with a shipping address", () => {
  it("stores the address, the rate and the tax; both providers charge exactly the total; fulfilment keeps our address", async () => {
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(4500, 1),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: texas,
    });
    if (!started.ok) throw new Error(started.reason);
    // $45 goods + $5 shipping, 8.25% of $50 = 4.125 → $4.13.
    expect(started.breakdown).toMatchObject({ shippingCents: 500, taxCents: 413, totalCents: 5413 });
    const { order, items } = await orderWithItems(started.orderId);
    expect(order).toMatchObject({
      name: "Tex Buyer",
      phone: "+1 512 555 0100",
      shippingAddress: { line1: "100 Congress Ave", line2: "Suite 2", city: "Austin", state: "TX" },
      shippingRateName: "Standard shipping",
      shippingCents: 500,
      taxCents: 413,
      taxBasisPoints: 825,
      taxState: "TX",
      totalCents: 5413,
    });

    const stripe = planCheckoutSession(order, items);
    expect(stripe.lines.map((l) => l.name)).toEqual([
      expect.any(String),
      "Shipping: Standard shipping",
      "Sales tax (TX 8.25%)",
    ]);
    expect(sum(stripe.lines.map((l) => l.unitAmount * l.quantity)) - stripe.firstChargeDiscountCents).toBe(
      5413,
    );
    const params = sessionParams(order, stripe, { publicUrl: "https://shop.test", expiresAt: new Date() });
    expect(params.shipping_address_collection).toBeUndefined();
    expect(params.payment_intent_data?.shipping).toMatchObject({
      name: "Tex Buyer",
      address: { line1: "100 Congress Ave", city: "Austin", state: "TX", postal_code: "78701" },
    });

    const paypal = orderPayload(order, items, returnUrls("https://shop.test", order.id), "Shop");
    const unit = paypal.purchase_units[0]!;
    const b = unit.amount.breakdown;
    expect(cents(unit.amount.value)).toBe(5413);
    expect(
      cents(b.item_total.value) +
        cents(b.shipping.value) +
        cents(b.tax_total.value) -
        cents(b.discount.value),
    ).toBe(5413);
    expect(b.tax_total.value).toBe("4.13");
    expect(unit.shipping).toMatchObject({
      name: { full_name: "Tex Buyer" },
      address: { admin_area_1: "TX" },
    });
    expect(paypal.payment_source.paypal.experience_context.shipping_preference).toBe("SET_PROVIDED_ADDRESS");

    await paySandboxSession(database.db, started.url.split("/").pop()!, {
      cardNumber: "4242424242424242",
      buyer: providerBuyer,
    });
    await fulfilOrder(database.db, mailer, { orderId: order.id, buyer: providerBuyer });
    const paid = (await orderWithItems(order.id)).order;
    expect(paid).toMatchObject({
      name: "Tex Buyer",
      email: "tex@example.com",
      shippingAddress: { city: "Austin" },
    });
    const { text } = await renderMail("order-confirmation", mailer.sent.at(-1)!.props as never);
    expect(text).toContain("Shipping (Standard shipping): $5.00");
    expect(text).toContain("Sales tax (TX 8.25%): $4.13");
    expect(text).toContain("Total: $54.13");
  });

  it("ships free over the threshold, prices the state's zone, and taxes only where a rate is set", async () => {
    const over = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(3000, 2),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: { ...texas, state: "OR" },
    });
    expect(over).toMatchObject({ ok: true, breakdown: { shippingCents: 0, taxCents: 0, totalCents: 6000 } });
    const hawaii = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(3000, 2),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: { ...texas, state: "HI" },
    });
    expect(hawaii).toMatchObject({ ok: true, breakdown: { shippingCents: 1500, totalCents: 7500 } });
  });

  it("measures the free-shipping threshold and the tax after the coupon", async () => {
    const coupon = await createCoupon(database.db, { discountType: "fixed", discountValueHundredths: 1500 });
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(6000, 1),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "paypal",
      couponCode: coupon.code,
      shippingAddress: texas,
    });
    // $60 − $15 = $45 < $50: $5 shipping; tax on $50 = $4.13.
    expect(started).toMatchObject({
      ok: true,
      breakdown: { couponDiscountCents: 1500, shippingCents: 500, taxCents: 413, totalCents: 5413 },
    });
  });

  it("a subscription ships free and every month charges the goods plus the state's tax", async () => {
    const customer = await createUser(database.db);
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(5999, 1, customer.id),
      userId: customer.id,
      purchaseType: "subscription",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: texas,
    });
    if (!started.ok) throw new Error(started.reason);
    // 5999 − 15% (900) = 5099; 8.25% = 420.67 → 421.
    expect(started.breakdown).toMatchObject({ shippingCents: 0, taxCents: 421, totalCents: 5520 });
    const { order, items } = await orderWithItems(started.orderId);
    const plan = planCheckoutSession(order, items);
    expect(sum(plan.lines.map((l) => l.unitAmount * l.quantity))).toBe(5520);
    expect(plan.firstChargeDiscountCents).toBe(0);
    expect(planPayload(order, "PROD").billing_cycles[0]!.pricing_scheme.fixed_price.value).toBe("55.20");
    expect(
      subscriptionPayload(order, "PLAN", returnUrls("https://shop.test", order.id), "Shop"),
    ).toMatchObject({
      subscriber: { shipping_address: { address: { admin_area_1: "TX" } } },
      application_context: { shipping_preference: "SET_PROVIDED_ADDRESS" },
    });

    await paySandboxSession(database.db, started.url.split("/").pop()!, {
      cardNumber: "4242424242424242",
      buyer: providerBuyer,
    });
    await fulfilOrder(database.db, mailer, { orderId: order.id, buyer: providerBuyer });
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, customer.id));
    expect(subscription).toMatchObject({ monthlyTotalCents: 5520, taxBasisPoints: 825 });
    const renewed = await renewSubscription(database.db, mailer, subscription!.id);
    if (!renewed.ok) throw new Error(renewed.reason);
    const renewal = (await orderWithItems(renewed.orderId)).order;
    expect(renewal).toMatchObject({ taxCents: 421, taxState: "TX", totalCents: 5520, shippingCents: 0 });
  });

  it("refuses an address the shop has no zone for", async () => {
    await database.db.delete(shippingZones);
    const refused = await startCheckout(database.db, sandboxProvider, {
      cartId: await cartOf(1000, 1),
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: texas,
    });
    expect(refused).toMatchObject({ ok: false, reason: "no_shipping_zone" });
  });
});
