import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories/index.ts";
import { signedWebhookRequest, stripeEvent } from "../../../tests/fakes/stripe-events.ts";
import { fakeBuyer } from "../../../tests/fakes/stripe-server.ts";
import { SHOP_URL, startStripeTestbed } from "../../../tests/fakes/stripe-shop.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { mailOutbox, subscriptions } from "../../db/schema/index.ts";
import { endUnpaidSubscriptions } from "../../subscriptions/dunning.ts";
import { adminRenewalRecord } from "../../subscriptions/renewal-record.ts";
import { handleStripeWebhook } from "../../webhooks/stripe.ts";

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

async function deliver(event: unknown) {
  const response = await handleStripeWebhook(
    bed.webhookDeps,
    signedWebhookRequest(`${SHOP_URL}/webhooks/stripe`, event),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The dunning emails sent to an address (the order confirmation left out). */
const mailsTo = async (address: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address))).filter(
    (m) => m.template !== "order-confirmation",
  );

describe("failed Stripe renewals (invoice.payment_failed)", () => {
  it("email once per attempt with the update link, past due after Stripe's last retry, then ended", async () => {
    const email = "dunning@example.com";
    const customer = await createUser(database.db);
    const cartId = await bed.cartWith([5999], { userId: customer.id });
    const started = await bed.checkout(cartId, { userId: customer.id, purchaseType: "subscription" });
    const session = bed.fake.completeSession(started.session.id, { ...fakeBuyer, email });
    await deliver(stripeEvent("checkout.session.completed", bed.fake.session(started.session.id)));
    const stripeSubscriptionId = session.subscription!;
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, customer.id));

    const invoice = bed.fake.failRenewal(stripeSubscriptionId);
    const retryAt = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
    const first = { ...invoice, attempt_count: 1, next_payment_attempt: retryAt };
    await deliver(stripeEvent("invoice.payment_failed", first));
    // Stripe may send the same failure again under a new event id: one email.
    await deliver(stripeEvent("invoice.payment_failed", first));
    let mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Payment failed — update your card"]);
    // "Update your card" opens the subscription's page, whose "Update payment method" is Stripe's billing portal.
    expect(mails[0]!.props).toMatchObject({
      updateUrl: `${SHOP_URL}/account/subscriptions/${row!.id}`,
      payUrl: invoice.hosted_invoice_url,
      nextRetry: expect.stringMatching(/^on /),
    });

    // Stripe's last retry: no next attempt.
    const last = { ...invoice, attempt_count: 4, next_payment_attempt: null };
    await deliver(stripeEvent("invoice.payment_failed", last));
    mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Payment failed — update your card",
      "Payment failed — update your card",
      "Your subscription is past due",
    ]);
    const [pastDue] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(pastDue!.status).toBe("past_due");
    expect((await adminRenewalRecord(database.db, row!.id)).notices.map((n) => n.kind).sort()).toEqual([
      "past_due",
      "payment_failed",
      "payment_failed",
    ]);

    // Stripe then cancels the subscription (its setting after the last retry): ended, emailed once.
    bed.fake.setSubscription(stripeSubscriptionId, {
      status: "canceled",
      ended_at: Math.floor(Date.now() / 1000),
    });
    await deliver(stripeEvent("customer.subscription.deleted", bed.fake.subscription(stripeSubscriptionId)));
    const deps = { ...bed.webhookDeps, publicUrl: SHOP_URL, endAtProvider: async () => {} };
    expect(await endUnpaidSubscriptions(deps)).toBe(1);
    expect(await endUnpaidSubscriptions(deps)).toBe(0);
    mails = await mailsTo(email);
    expect(mails.filter((m) => m.subject === "Your subscription has ended")).toHaveLength(1);
  });
});
