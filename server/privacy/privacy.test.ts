import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createReview, createUser } from "../../tests/factories/index.ts";
import { signedWebhookRequest, stripeEvent } from "../../tests/fakes/stripe-events.ts";
import type { FakeBuyer } from "../../tests/fakes/stripe-server.ts";
import { SHOP_URL, startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { clientHeaders, createTestAuth } from "../../tests/support/auth.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { findPersonalData } from "../../tests/support/personal-data-scan.ts";
import { sendCartReminders } from "../abandoned-carts/reminders.ts";
import { saveAbandonedCartSettings } from "../abandoned-carts/settings.ts";
import { saveAddress } from "../accounts/addresses.ts";
import { attachGuestOrders } from "../accounts/guest-orders.ts";
import type { Auth } from "../auth/auth.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { saveCheckoutDetails } from "../checkout/checkout-address.ts";
import { submitContactMessage } from "../contact/contact.ts";
import {
  carts,
  contactMessages,
  orderItems,
  orders,
  refunds,
  session,
  subscriptions,
  twoFactor,
  user,
} from "../db/schema/index.ts";
import { ProviderFailureError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { mayReceiveMarketing, unsubscribeAddress } from "../marketing/contacts.ts";
import { saveMarketingPostalAddress } from "../marketing/postal-address.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { refundOrder } from "../refunds/refund-order.ts";
import { shownName } from "../reviews/reviews.ts";
import { handleStripeWebhook } from "../webhooks/stripe.ts";
import { eraseSubject } from "./erase.ts";
import { exportPersonalData } from "./export.ts";
import { ERASED, ERASED_NAME } from "./parts/orders.ts";
import { subjectOfAccount, subjectOfEmail } from "./subject.ts";

/**
 * The proof (decision 049): a customer who used every feature is erased, then every text and json
 * column of every table is searched for their email, name, phone and street: nothing may remain,
 * while their orders stay with their totals for the accounting.
 */
const person = {
  name: "Quinlan Erasable-Person",
  email: "quinlan.erasable@example.com",
  phone: "+1 555 867 5309",
  street: "42 Forgotten Lane",
  password: "quinlan-password-1",
};
const postal = {
  name: person.name,
  phone: person.phone,
  line1: person.street,
  line2: "",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
};
const buyer: FakeBuyer = {
  name: person.name,
  email: person.email.toUpperCase(),
  phone: person.phone,
  address: { line1: person.street, city: "Austin", state: "TX", postal_code: "78701", country: "US" },
};

let database: TestDatabase;
let stripe: Awaited<ReturnType<typeof startStripeTestbed>>;
let auth: Auth;
const log = createLogger("silent");

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeTestbed(database.db);
  auth = createTestAuth(database.db).auth;
});
afterAll(async () => {
  await stripe?.close();
  await database?.destroy();
});

const db = () => database.db;
const refundDeps = () => ({
  db: db(),
  mailer: stripe.mailer,
  providerFor: () => stripe.gateway.provider,
  publicUrl: SHOP_URL,
  log,
});

/** A Stripe checkout paid by the person (the fake's hosted page takes their details). */
async function paidStripeOrder(options: { userId: string | null; purchaseType?: "subscription" }) {
  const cartId = await stripe.cartWith([5999], options.userId ? { userId: options.userId } : {});
  const { order, session: paid } = await stripe.checkout(cartId, {
    userId: options.userId,
    purchaseType: options.purchaseType ?? "one_time",
    shippingAddress: postal,
  });
  const completed = stripe.fake.completeSession(paid.id, buyer);
  await completePayment(db(), stripe.mailer, stripe.gateway.provider, paid.id);
  const delivered = await handleStripeWebhook(
    stripe.webhookDeps,
    signedWebhookRequest(`${SHOP_URL}/webhooks/stripe`, stripeEvent("checkout.session.completed", completed)),
  );
  expect(delivered.status).toBe(200);
  return order.id;
}

/** Everything the shop offers a customer, used once by the person. Returns their account id. */
async function customerWhoUsedEverything(): Promise<{ userId: string; orderIds: string[] }> {
  const headers = clientHeaders("203.0.113.77");
  await auth.api.signUpEmail({
    body: { name: person.name, email: person.email, password: person.password },
    headers,
  });
  const [account] = await db().select().from(user).where(eq(user.email, person.email));
  const userId = account!.id;
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await auth.api.signInEmail({ body: { email: person.email, password: person.password }, headers });
  await auth.api.requestPasswordReset({ body: { email: person.email }, headers });
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  await db()
    .insert(twoFactor)
    .values({ id: randomUUID(), userId, secret: "encrypted-secret", backupCodes: "encrypted-codes" });
  await saveAddress(db(), userId, postal, { makeDefault: true });

  const guestOrderId = await paidStripeOrder({ userId: null });
  expect(await attachGuestOrders(db(), userId)).toBe(1);
  const accountOrderId = await paidStripeOrder({ userId });
  const subscriptionOrderId = await paidStripeOrder({ userId, purchaseType: "subscription" });
  const refundRequest = {
    mode: "amount" as const,
    amount: 1000,
    reason: "Damaged lid",
    idempotencyKey: randomUUID(),
  };
  await refundOrder(refundDeps(), { orderId: accountOrderId, actorId: userId, request: refundRequest });

  const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, accountOrderId));
  await createReview(db(), {
    productId: item!.productId!,
    userId,
    orderId: accountOrderId,
    authorName: shownName(person.name),
    body: `Works for me. ${person.name}, Austin`,
  });
  await submitContactMessage(
    db(),
    { mailer: stripe.mailer, log, inbox: "owner@shop.test" },
    { name: person.name, email: person.email, phone: person.phone, message: "Where is my parcel?" },
  );
  await abandonCart(userId);
  await guestCartWithTheirEmail();
  // Signed up for news, then opted out: the opt-out must outlive the erasure, as a hash only.
  await unsubscribeAddress(db(), linkSecret(), person.email);
  return { userId, orderIds: [guestOrderId, accountOrderId, subscriptionOrderId] };
}

/**
 * A cart with the checkout address filled in, left after their last paid order; the real job runs
 * 5 hours later and sends the reminder.
 */
async function abandonCart(userId: string) {
  const cartId = await getOrCreateCart(db(), { userId });
  const product = (await db().select().from(orderItems).limit(1))[0]!;
  await addToCart(db(), cartId, product.productId!, 1);
  await db().update(carts).set({ checkoutAddress: postal }).where(eq(carts.id, cartId));
  await saveMarketingPostalAddress(db(), "Peak Naturals LLC, 100 Main St, Dallas, TX 75201");
  await saveAbandonedCartSettings(db(), {
    enabled: true,
    idleHours: 4,
    secondEnabled: false,
    secondCouponId: null,
  });
  const fiveHoursLater = new Date(Date.now() + 5 * 60 * 60 * 1000);
  const services = { db: db(), mailer: stripe.mailer, linkSecret: "x".repeat(32) };
  expect(await sendCartReminders(services, fiveHoursLater)).toBe(1);
}

/** On another browser, signed out, they reached the payment step giving their email, and left. */
async function guestCartWithTheirEmail() {
  const cartId = await getOrCreateCart(db(), { guestCartId: null });
  await saveCheckoutDetails(db(), cartId, { address: postal, guestEmail: person.email });
}

/** The secret the shop's mailer signs unsubscribe links with (and keys kept opt-outs by). */
const linkSecret = () => stripe.mailer.linkSecret ?? "";

/** Where the person's data had spread before the erasure: the scan sees them all. */
const TABLES_THEY_REACHED = [
  "cart_reminders",
  "carts",
  "contact_messages",
  "customer_addresses",
  "mail_outbox",
  "marketing_contacts",
  "orders",
  "rate_limit_hits",
  "reviews",
  "user",
  "webhook_events",
];

const orderRows = (ids: string[]) => db().select().from(orders).where(inArray(orders.id, ids));

describe("privacy requests", () => {
  let customer: { userId: string; orderIds: string[] };
  let stripeSubscriptionId = "";
  const bystander = { name: "Bystander Unrelated", email: "bystander.kept@example.com" };

  beforeAll(async () => {
    customer = await customerWhoUsedEverything();
    await createOrder(db(), { paymentStatus: "paid", name: bystander.name, email: bystander.email });
    await db()
      .insert(contactMessages)
      .values({ name: bystander.name, email: bystander.email, phone: "555-0101", message: "Hello" });
  });

  it("the export holds their account, addresses, orders with items, subscription, review, consent and messages, and no secret", async () => {
    const subject = await subjectOfAccount(db(), customer.userId);
    const data = await exportPersonalData(db(), subject!);
    expect(data).toMatchObject({
      account: {
        email: person.email,
        name: person.name,
        sessions: [expect.objectContaining({ ipAddress: "203.0.113.77" })],
      },
      addresses: [expect.objectContaining({ line1: person.street })],
      subscriptions: [expect.objectContaining({ status: "active" })],
      reviews: [expect.objectContaining({ body: expect.stringContaining("Works for me") })],
      contactMessages: [expect.objectContaining({ message: "Where is my parcel?" })],
      marketing: { status: "unsubscribed" },
    });
    const exported = data.orders as { id: string; totalCents: number; items: unknown[] }[];
    expect(exported.map((o) => o.id).sort()).toEqual([...customer.orderIds].sort());
    expect(exported.every((o) => o.items.length === 1)).toBe(true);

    const json = JSON.stringify(data);
    const [row] = await db().select().from(session).where(eq(session.userId, customer.userId));
    const statusTokens = (await orderRows(customer.orderIds)).map((o) => o.statusToken!);
    for (const secret of [row!.token, "encrypted-secret", "encrypted-codes", ...statusTokens])
      expect(json).not.toContain(secret);
    expect(json).not.toMatch(/"password"|scrypt|\$argon/i);
    expect(json).not.toContain(bystander.email);
  });

  it("erasure leaves none of their email, name, phone or street in any column of any table; orders stay with their totals", async () => {
    const before = await orderRows(customer.orderIds);
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, customer.userId));
    stripeSubscriptionId = subscription!.providerSubscriptionId!;
    const theirs = [person.email, person.name, person.phone, person.street];
    const spread = new Set((await findPersonalData(db(), theirs)).map((f) => f.table));
    expect([...spread]).toEqual(expect.arrayContaining(TABLES_THEY_REACHED));
    const subject = await subjectOfAccount(db(), customer.userId);
    await eraseSubject(db(), subject!, {
      providerFor: () => stripe.gateway.provider,
      linkSecret: linkSecret(),
    });

    expect(await findPersonalData(db(), theirs)).toEqual([]);
    // Their opt-out outlived the erasure (as a keyed hash): still no marketing to that address.
    expect(await mayReceiveMarketing(db(), linkSecret(), person.email, "customers")).toBe(false);

    const after = await orderRows(customer.orderIds);
    expect(after).toHaveLength(3);
    const anonymous = after[0]!.email!;
    expect(anonymous).toMatch(/^deleted-[0-9a-f]{16}@invalid$/);
    for (const order of after) {
      const was = before.find((o) => o.id === order.id)!;
      expect(order).toMatchObject({
        totalCents: was.totalCents,
        taxCents: was.taxCents,
        refundedCents: was.refundedCents,
        paymentStatus: "paid",
        userId: null,
        name: ERASED_NAME,
        email: anonymous,
        phone: null,
        statusToken: null,
        shippingAddress: { line1: ERASED, city: ERASED, postalCode: "", state: "TX", country: "US" },
      });
    }
    expect(await db().select().from(refunds).where(inArray(refunds.orderId, customer.orderIds))).toHaveLength(
      1,
    );
    expect(await db().select().from(user).where(eq(user.id, customer.userId))).toEqual([]);
  });

  it("cancelled the subscription with the provider before erasing it", async () => {
    expect(stripe.fake.subscription(stripeSubscriptionId)).toMatchObject({ cancel_at_period_end: true });
    expect(await db().select().from(subscriptions)).toEqual([]);
  });

  it("leaves other customers alone", async () => {
    expect(await findPersonalData(db(), [bystander.email])).toEqual([
      { table: "contact_messages", column: "email", term: bystander.email },
      // The bystander's guest orders make them a customer of the admin's list (decision 054).
      { table: "customers", column: "email_key", term: bystander.email },
      { table: "orders", column: "email", term: bystander.email },
    ]);
  });

  it("is idempotent: erasing again changes nothing, and the email no longer finds anyone", async () => {
    const again = await subjectOfEmail(db(), person.email);
    expect(again).toBeNull();
    const stale = {
      userId: customer.userId,
      email: person.email,
      name: person.name,
      orderIds: customer.orderIds,
    };
    await eraseSubject(
      db(),
      { ...stale, cartIds: [], subscriptionIds: [], refundIds: [], providerRefs: [], terms: [person.email] },
      {
        providerFor: () => stripe.gateway.provider,
        linkSecret: linkSecret(),
      },
    );
    expect(await orderRows(customer.orderIds)).toHaveLength(3);
  });
});

describe("a provider that cannot cancel the subscription", () => {
  it("refuses the erasure and erases nothing", async () => {
    const owner = await createUser(db(), { email: "still.charged@example.com", name: "Still Charged" });
    await db().insert(subscriptions).values({
      userId: owner.id,
      provider: "stripe",
      providerSubscriptionId: "sub_unknown_to_stripe",
      status: "active",
      items: [],
      monthlyTotalCents: 1000,
      discountBasisPoints: 0,
    });
    const subject = await subjectOfAccount(db(), owner.id);
    await expect(
      eraseSubject(db(), subject!, { providerFor: () => stripe.gateway.provider, linkSecret: linkSecret() }),
    ).rejects.toBeInstanceOf(ProviderFailureError);
    expect(await db().select().from(user).where(eq(user.id, owner.id))).toHaveLength(1);
    const [kept] = await db().select().from(subscriptions).where(eq(subscriptions.userId, owner.id));
    expect(kept).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });
});

describe("a guest without an account", () => {
  it("is found by email and erased the same way", async () => {
    const guest = await createOrder(db(), {
      paymentStatus: "paid",
      name: "Guest Onlyperson",
      email: "Guest.Only@Example.com",
      phone: "555-777-1234",
    });
    const subject = await subjectOfEmail(db(), "guest.only@example.com");
    expect(subject).toMatchObject({ userId: null, orderIds: [guest.id] });
    await eraseSubject(db(), subject!, {
      providerFor: () => stripe.gateway.provider,
      linkSecret: linkSecret(),
    });
    expect(
      await findPersonalData(db(), ["guest.only@example.com", "Guest Onlyperson", "555-777-1234"]),
    ).toEqual([]);
    expect(
      await db().select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.id, guest.id)),
    ).toEqual([{ n: 1 }]);
  });
});

describeOnPostgres("two erasures of one account at once", () => {
  it("run one after the other (the account row is locked): both succeed, nothing is left", async () => {
    const twin = await createUser(db(), { email: "twice.at.once@example.com", name: "Twice Atonce" });
    await createOrder(db(), { paymentStatus: "paid", userId: twin.id, email: twin.email, name: twin.name });
    const subject = (await subjectOfAccount(db(), twin.id))!;
    const services = { providerFor: () => stripe.gateway.provider, linkSecret: linkSecret() };
    await Promise.all([eraseSubject(db(), subject, services), eraseSubject(db(), subject, services)]);
    expect(await findPersonalData(db(), [twin.email, twin.name])).toEqual([]);
  });
});
