import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../../core/orders/subscription-schedule.ts";
import { createProduct, createSubscription, createUser, type User } from "../../tests/factories/index.ts";
import { paypalCheckout, startFakePaypal } from "../../tests/fakes/paypal-fixtures.ts";
import type { FakePaypal } from "../../tests/fakes/paypal-server.ts";
import { startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { cartWith, recordingMailer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orders, productVariants, subscriptions } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import type { PaypalProvider } from "../payments/paypal/paypal-provider.ts";
import { createPaypalChanger, PAYPAL_AUTOPAY_URL } from "../payments/paypal/subscription-changes.ts";
import { createStripeChanger, stripeResumesAt } from "../payments/stripe/subscription-changes.ts";
import { cancelSubscriptionNow } from "./cancel-now.ts";
import { changeSubscriptionItems } from "./change-items.ts";
import { pauseSubscription, resumeDuePaypalPauses, resumeSubscription, skipNextDelivery } from "./pause.ts";
import { paymentMethodFor } from "./payment-method.ts";
import type { SelfServiceDeps } from "./self-service.ts";

let database: TestDatabase;
let owner: User;
let stripe: Awaited<ReturnType<typeof startStripeTestbed>>;
let paypal: { fake: FakePaypal; provider: PaypalProvider };
let deps: SelfServiceDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createUser(database.db);
  stripe = await startStripeTestbed(database.db);
  paypal = await startFakePaypal();
  deps = {
    db: database.db,
    mailer: recordingMailer(),
    publicUrl: "http://shop.test",
    changerFor: (name) =>
      name === "stripe"
        ? createStripeChanger(stripe.gateway.client)
        : createPaypalChanger(paypal.provider.client),
  };
});
afterAll(async () => {
  await stripe?.close();
  await paypal?.fake.stop();
  await database?.destroy();
});

const mine = (subscriptionId: string) => ({ subscriptionId, userId: owner.id, actor: "customer" as const });
const rowOf = async (id: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

/** A Stripe subscription started through a real checkout on the fake, and our row for it. */
async function stripeSubscription() {
  const { session } = await stripe.checkout(await stripe.cartWith([5000], { userId: owner.id }), {
    userId: owner.id,
    purchaseType: "subscription",
  });
  const paid = stripe.fake.completeSession(session.id);
  const row = await createSubscription(database.db, {
    userId: owner.id,
    provider: "stripe",
    providerSubscriptionId: String(paid.subscription),
  });
  return { row, stripeId: String(paid.subscription) };
}

/** An ACTIVE PayPal subscription on the fake, and our row for it. */
async function paypalSubscription() {
  const started = await paypalCheckout(database.db, paypal.provider, {
    cartId: await cartWith(database.db, 1, owner.id),
    userId: owner.id,
    subscription: true,
  });
  const [order] = await database.db.select().from(orders).where(eq(orders.id, started.orderId));
  const paypalId = order!.providerSessionId!;
  paypal.fake.activateSubscription(paypalId);
  const row = await createSubscription(database.db, {
    userId: owner.id,
    provider: "paypal",
    providerSubscriptionId: paypalId,
  });
  return { row, paypalId };
}

describe("Stripe", () => {
  it("skip and pause are pause_collection (void) until a day after the last skipped renewal; resume clears it", async () => {
    const { row, stripeId } = await stripeSubscription();
    await skipNextDelivery(deps, mine(row.id));
    const resumesAt = Math.floor(stripeResumesAt(row.currentPeriodEnd!, 1).getTime() / 1000);
    expect(stripe.fake.subscription(stripeId).pause_collection).toEqual({
      behavior: "void",
      resumes_at: resumesAt,
    });
    // Stripe keeps its own period; our row only records when charging starts again.
    expect(await rowOf(row.id)).toMatchObject({
      pausedUntil: addMonths(row.currentPeriodEnd!, 1),
      currentPeriodEnd: row.currentPeriodEnd,
    });
    await resumeSubscription(deps, mine(row.id));
    expect(stripe.fake.subscription(stripeId).pause_collection).toBeNull();
    await pauseSubscription(deps, mine(row.id), 2);
    expect(stripe.fake.subscription(stripeId).pause_collection).toMatchObject({
      resumes_at: Math.floor(stripeResumesAt(row.currentPeriodEnd!, 2).getTime() / 1000),
    });
  });

  it("changing items replaces the subscription items without proration, at the new monthly total", async () => {
    const { row, stripeId } = await stripeSubscription();
    const product = await createProduct(database.db, { priceCents: 4000 });
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    const changed = await changeSubscriptionItems(deps, mine(row.id), [
      { variantId: variant!.id, quantity: 2 },
    ]);
    const [update] = stripe.fake.requestsTo("POST", `/v1/subscriptions/${stripeId}`).slice(-1);
    expect(update?.body).toMatchObject({ proration_behavior: "none" });
    const items = (
      stripe.fake.subscription(stripeId).items as {
        data: { quantity: number; price: { unit_amount: number } }[];
      }
    ).data;
    expect(items.reduce((sum, i) => sum + i.quantity * i.price.unit_amount, 0)).toBe(
      changed.monthlyTotalCents,
    );
    expect(changed.monthlyTotalCents).toBe(6400); // 2 × $40.00 at 20% off
  });

  it("changing to more than 20 lines stays within Stripe's 20 items (grouped, changed in place), at the exact total", async () => {
    const cartId = await stripe.cartWith(Array(12).fill(1500), { userId: owner.id });
    const { session } = await stripe.checkout(cartId, { userId: owner.id, purchaseType: "subscription" });
    const paid = stripe.fake.completeSession(session.id);
    const stripeId = String(paid.subscription);
    const row = await createSubscription(database.db, {
      userId: owner.id,
      provider: "stripe",
      providerSubscriptionId: stripeId,
    });
    const lines = [];
    for (let i = 0; i < 25; i++) {
      const product = await createProduct(database.db, { priceCents: 1000 + i });
      const [variant] = await database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, product.id));
      lines.push({ variantId: variant!.id, quantity: 1 });
    }
    const changed = await changeSubscriptionItems(deps, mine(row.id), lines);
    const [update] = stripe.fake.requestsTo("POST", `/v1/subscriptions/${stripeId}`).slice(-1);
    expect((update!.body.items as unknown[]).length).toBeLessThanOrEqual(20);
    const items = (
      stripe.fake.subscription(stripeId).items as {
        data: { quantity: number; price: { unit_amount: number } }[];
      }
    ).data;
    expect(items).toHaveLength(20);
    expect(items.reduce((sum, i) => sum + i.quantity * i.price.unit_amount, 0)).toBe(
      changed.monthlyTotalCents,
    );
  });

  it("cancel ends the Stripe subscription now; the billing portal opens for its customer", async () => {
    const { row, stripeId } = await stripeSubscription();
    const answer = await paymentMethodFor(deps, mine(row.id), "http://shop.test/back");
    expect(answer).toEqual({ url: expect.stringContaining("/p/session/") });
    expect(stripe.fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.body).toMatchObject({
      return_url: "http://shop.test/back",
    });
    await cancelSubscriptionNow(deps, mine(row.id));
    expect(stripe.fake.subscription(stripeId).status).toBe("canceled");
    expect(await rowOf(row.id)).toMatchObject({ status: "canceled" });
  });

  it("a Stripe refusal changes nothing here", async () => {
    const { row, stripeId } = await stripeSubscription();
    stripe.fake.setSubscription(stripeId, { status: "canceled" });
    await expect(skipNextDelivery(deps, mine(row.id))).rejects.toMatchObject({ kind: "provider_failure" });
    expect(await rowOf(row.id)).toMatchObject({ pausedUntil: null, status: "active" });
  });
});

describe("PayPal", () => {
  it("refuses skip and item changes with a message, and asks nothing of PayPal", async () => {
    const { row } = await paypalSubscription();
    await expect(skipNextDelivery(deps, mine(row.id))).rejects.toBeInstanceOf(ConflictError);
    const product = await createProduct(database.db);
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    await expect(
      changeSubscriptionItems(deps, mine(row.id), [{ variantId: variant!.id, quantity: 2 }]),
    ).rejects.toMatchObject({
      userMessage: { description: expect.stringContaining("PayPal") },
    });
    expect(await rowOf(row.id)).toMatchObject({ pausedUntil: null, items: row.items });
  });

  it("pause suspends, resume activates; the sweep activates it when the pause is over", async () => {
    const { row, paypalId } = await paypalSubscription();
    await pauseSubscription(deps, mine(row.id), 1);
    expect(paypal.fake.subscriptions.get(paypalId)!.status).toBe("SUSPENDED");
    await resumeSubscription(deps, mine(row.id));
    expect(paypal.fake.subscriptions.get(paypalId)!.status).toBe("ACTIVE");

    await pauseSubscription(deps, mine(row.id), 2);
    const until = (await rowOf(row.id)).pausedUntil!;
    expect(await resumeDuePaypalPauses(deps, new Date(until.getTime() - 1000))).toBe(0);
    expect(await resumeDuePaypalPauses(deps, until)).toBe(1);
    expect(paypal.fake.subscriptions.get(paypalId)!.status).toBe("ACTIVE");
    expect(await rowOf(row.id)).toMatchObject({ pausedUntil: null, status: "active" });
  });

  it("payment method is PayPal's automatic payments page; cancel ends it at PayPal now", async () => {
    const { row, paypalId } = await paypalSubscription();
    expect(await paymentMethodFor(deps, mine(row.id), "http://shop.test")).toEqual({
      url: PAYPAL_AUTOPAY_URL,
    });
    await cancelSubscriptionNow(deps, mine(row.id));
    expect(paypal.fake.subscriptions.get(paypalId)!.status).toBe("CANCELLED");
    expect(await rowOf(row.id)).toMatchObject({ status: "canceled" });
  });
});
