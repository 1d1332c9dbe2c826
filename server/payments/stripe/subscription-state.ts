import type Stripe from "stripe";
import type { SubscriptionState } from "../provider.ts";

const statuses: Record<string, SubscriptionState["status"]> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
  incomplete: "incomplete",
  paused: "incomplete",
};

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Our row's view of a Stripe subscription. The period end lives on the subscription items in
 * current API versions; canceled_at is only ours once it has really ended (Stripe also sets it
 * when a cancellation at period end is merely requested).
 */
export function stripeSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const status = statuses[subscription.status] ?? "incomplete";
  const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return {
    status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnds.length > 0 ? fromSeconds(Math.max(...periodEnds)) : null,
    canceledAt: status === "canceled" ? fromSeconds(subscription.ended_at ?? subscription.canceled_at) : null,
  };
}
