import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/factories/index.ts";
import { paypalCheckout, startFakePaypal } from "../../tests/fakes/paypal-fixtures.ts";
import { type FakePaypal, fakeCredentials, fakeWebhookId } from "../../tests/fakes/paypal-server.ts";
import { TEST_WEBHOOK_SECRET } from "../../tests/fakes/stripe-events.ts";
import { SHOP_URL, startStripeTestbed } from "../../tests/fakes/stripe-shop.ts";
import { cartWith } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { duringFault } from "../../tests/support/faults.ts";
import { startCheckout } from "../checkout/checkout.ts";
import { mailOutbox, orders } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { paypalProviderFor } from "../payments/paypal/paypal-provider.ts";
import type { Buyer } from "../payments/provider.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { renewSubscription } from "../subscriptions/renew.ts";
import { completePayment } from "./complete-payment.ts";
import { fulfilOrder } from "./fulfil.ts";
import { type ReconcileServices, reconcileOpenPayments } from "./reconcile.ts";

let database: TestDatabase;
let stripe: Awaited<ReturnType<typeof startStripeTestbed>>;
let paypal: FakePaypal;
let services: ReconcileServices;

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeTestbed(database.db);
  paypal = (await startFakePaypal()).fake;
  services = {
    config: {
      publicUrl: SHOP_URL,
      stripe: { secretKey: "sk_test_fake", webhookSecret: TEST_WEBHOOK_SECRET, apiBase: stripe.fake.url },
      paypal: { ...fakeCredentials, webhookId: fakeWebhookId, apiBase: paypal.url },
    },
    database,
    mailer: stripe.mailer,
    log: createLogger("silent"),
  };
});
afterAll(async () => {
  await stripe?.close();
  await paypal?.stop();
  await database?.destroy();
});

const buyer: Buyer = {
  name: "Rae Safe",
  email: "rae@example.com",
  phone: "555-0199",
  address: { line1: "2 Elm St", city: "Boise", state: "ID", postalCode: "83702", country: "US" },
};

/** The sweep's view a little later: orders younger than a minute are left to the return page. */
const later = () => new Date(Date.now() + 2 * 60_000);

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The outbox rows of one order's payment email (the fake providers' buyers share an address). */
const paymentEmailsOf = (orderId: string) =>
  database.db
    .select({ to: mailOutbox.to, template: mailOutbox.template })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `payment-email:${orderId}`));
const emailsTo = (to: string, template: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));

async function paidSandboxSession(email: string) {
  const cartId = await cartWith(database.db);
  const started = await startCheckout(database.db, sandboxProvider, {
    cartId,
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
  });
  if (!started.ok) throw new Error(started.reason);
  const sessionId = (await orderRow(started.orderId)).providerSessionId!;
  const paid = await paySandboxSession(database.db, sessionId, {
    cardNumber: "4242 4242 4242 4242",
    buyer: { ...buyer, email },
  });
  expect(paid.ok).toBe(true);
  return { orderId: started.orderId, sessionId, cartId };
}

describe("a payment taken while the order could not be marked paid", () => {
  it("sandbox: the reconciliation fulfils it once and the confirmation goes out once", async () => {
    const email = "sandbox-fault@example.com";
    const { orderId } = await paidSandboxSession(email);
    await duringFault(database.db, "order-marked-paid", async () => {
      // What the sandbox page and the return page do: both fail on the database, as does the sweep.
      await expect(
        fulfilOrder(database.db, services.mailer, { orderId, buyer: { ...buyer, email } }),
      ).rejects.toThrow();
      expect((await reconcileOpenPayments(services, later())).fulfilled).toBe(0);
    });
    expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");

    // Two instances sweeping at once still fulfil it once.
    const runs = await Promise.all([
      reconcileOpenPayments(services, later()),
      reconcileOpenPayments(services, later()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.fulfilled, 0)).toBe(1);
    expect(await reconcileOpenPayments(services, later())).toMatchObject({ fulfilled: 0, lateEmails: 0 });
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", email, paymentEmailDue: false });
    expect(await emailsTo(email, "order-confirmation")).toHaveLength(1);
  });

  it("Stripe: a completed Checkout Session is confirmed with Stripe and fulfilled once", async () => {
    const { order, session } = await stripe.checkout(await stripe.cartWith([4200]));
    stripe.fake.completeSession(session.id);
    await duringFault(database.db, "order-marked-paid", () =>
      expect(
        completePayment(database.db, stripe.mailer, stripe.gateway.provider, session.id),
      ).rejects.toThrow(),
    );

    const report = await reconcileOpenPayments(services, later());
    expect(report.fulfilled).toBe(1);
    await reconcileOpenPayments(services, later());
    const paid = await orderRow(order.id);
    expect(paid.paymentStatus).toBe("paid");
    expect(await paymentEmailsOf(paid.id)).toEqual([{ to: paid.email, template: "order-confirmation" }]);
  });

  it("PayPal: an approved order whose buyer never came back is captured once and fulfilled", async () => {
    const started = await paypalCheckout(database.db, paypalProviderFor(services.config!), {
      cartId: await cartWith(database.db),
    });
    const token = (await orderRow(started.orderId)).providerSessionId!;
    paypal.approveOrder(token);
    const before = paypal.capturesMade;

    expect((await reconcileOpenPayments(services, later())).fulfilled).toBe(1);
    expect((await reconcileOpenPayments(services, later())).fulfilled).toBe(0);
    expect(paypal.capturesMade - before).toBe(1);
    const paid = await orderRow(started.orderId);
    expect(paid.paymentStatus).toBe("paid");
    expect(await paymentEmailsOf(paid.id)).toEqual([{ to: paid.email, template: "order-confirmation" }]);
  });

  it("leaves a session that is still open (not paid) alone", async () => {
    const { order } = await stripe.checkout(await stripe.cartWith([1500]));
    await reconcileOpenPayments(services, later());
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });
});

describe("a paid order whose email could not be queued", () => {
  it("is shown paid to the buyer at once, and its confirmation is queued later exactly once", async () => {
    const { order, session } = await stripe.checkout(await stripe.cartWith([3100]));
    stripe.fake.completeSession(session.id);
    const shown = await duringFault(database.db, "outbox-insert", async () => {
      const view = await completePayment(database.db, stripe.mailer, stripe.gateway.provider, session.id);
      await expect(reconcileOpenPayments(services, later())).rejects.toThrow();
      return view;
    });
    expect(shown).toMatchObject({ id: order.id, paymentStatus: "paid", paymentEmailDue: true });

    expect(await reconcileOpenPayments(services, later())).toMatchObject({ lateEmails: 1 });
    expect(await reconcileOpenPayments(services, later())).toMatchObject({ lateEmails: 0 });
    expect(await paymentEmailsOf(order.id)).toEqual([{ to: shown!.email, template: "order-confirmation" }]);
    expect((await orderRow(order.id)).paymentEmailDue).toBe(false);
  });

  it("a renewal's email too: the renewal order stands and its email follows once", async () => {
    const user = await createUser(database.db);
    const email = "renewal-fault@example.com";
    const cartId = await cartWith(database.db, 1, user.id);
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId,
      userId: user.id,
      purchaseType: "subscription",
      paymentMethod: "card",
      couponCode: null,
    });
    if (!started.ok) throw new Error(started.reason);
    await fulfilOrder(database.db, services.mailer, { orderId: started.orderId, buyer: { ...buyer, email } });
    const { subscriptionId } = await orderRow(started.orderId);

    const renewed = await duringFault(database.db, "outbox-insert", () =>
      renewSubscription(database.db, services.mailer, subscriptionId!),
    );
    expect(renewed.ok).toBe(true);
    await reconcileOpenPayments(services, later());
    await reconcileOpenPayments(services, later());
    expect(await emailsTo(email, "subscription-renewal")).toHaveLength(1);
    expect(await emailsTo(email, "order-confirmation")).toHaveLength(1);
  });
});
