import Stripe from "stripe";
import type { SubscriptionRef } from "../provider.ts";
import type { SubscriptionChanger } from "../subscription-changes.ts";
import { type PlannedLine, STRIPE_LINE_LIMITS, withinLineLimit } from "./session-plan.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function stripeId(subscription: SubscriptionRef): string {
  if (!subscription.providerSubscriptionId) throw new Error("subscription has no Stripe id");
  return subscription.providerSubscriptionId;
}

/**
 * When Stripe resumes collecting after a pause of `months` renewals: a day after the last skipped
 * renewal's invoice is made (so it is voided) and a month before the next one (so that is charged).
 */
export function stripeResumesAt(nextRenewal: Date, months: number): Date {
  const lastSkipped = new Date(nextRenewal);
  lastSkipped.setMonth(lastSkipped.getMonth() + months - 1);
  return new Date(lastSkipped.getTime() + DAY_MS);
}

/**
 * Stripe: a skip or pause is `pause_collection` with behavior "void" (the invoices of the paused
 * renewals are made and voided: nothing charged, nothing shipped) and `resumes_at`; resuming
 * clears it. New items replace the old ones without proration (the next invoice charges the new
 * price). Cancelling ends the subscription now (no proration refund: the paid month stays paid).
 */
export function createStripeChanger(stripe: Stripe): SubscriptionChanger {
  return {
    async pause(subscription, plan) {
      const resumesAt = stripeResumesAt(plan.nextRenewal, plan.months);
      await stripe.subscriptions.update(stripeId(subscription), {
        pause_collection: { behavior: "void", resumes_at: seconds(resumesAt) },
      });
    },

    async resume(subscription) {
      await stripe.subscriptions.update(stripeId(subscription), { pause_collection: "" });
    },

    async changeItems(subscription, lines) {
      const id = stripeId(subscription);
      const current = await stripe.subscriptions.retrieve(id);
      // At most 20 items on a subscription and 20 entries per update (Stripe): lines beyond are
      // grouped, and each existing item is changed in place before any is added or deleted.
      const wanted = withinLineLimit(lines, [], STRIPE_LINE_LIMITS.subscription);
      const priced = await Promise.all(wanted.map((line) => recurringItem(stripe, line)));
      const existing = current.items.data;
      await stripe.subscriptions.update(id, {
        items: [
          ...priced.map((item, index) => (existing[index] ? { id: existing[index].id, ...item } : item)),
          ...existing.slice(priced.length).map((item) => ({ id: item.id, deleted: true })),
        ],
        proration_behavior: "none",
      });
    },

    async cancelNow(subscription) {
      const id = stripeId(subscription);
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        // Cancelling twice: Stripe refuses the second; what matters is that it has ended.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if ((await stripe.subscriptions.retrieve(id)).status !== "canceled") throw error;
      }
    },

    async paymentMethod(subscription, returnUrl) {
      const current = await stripe.subscriptions.retrieve(stripeId(subscription));
      const customer = typeof current.customer === "string" ? current.customer : current.customer.id;
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
  };
}

/** A subscription item at a monthly price (a price needs a product: one per line, named like it). */
async function recurringItem(stripe: Stripe, line: PlannedLine) {
  const product = await stripe.products.create({ name: line.name.slice(0, 250) });
  return {
    quantity: line.quantity,
    price_data: {
      currency: "usd",
      product: product.id,
      unit_amount: line.unitAmount,
      recurring: { interval: "month" as const },
    },
  };
}
