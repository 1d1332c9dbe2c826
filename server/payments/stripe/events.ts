import type Stripe from "stripe";
import { paymentFailures } from "../../observability/metrics.ts";
import type { PaymentEvents } from "../events.ts";
import type { StripeGateway } from "./gateway.ts";
import { invoiceSubscriptionId, isSubscriptionInvoice } from "./invoice-shape.ts";
import { stripeSubscriptionState } from "./subscription-state.ts";

/** The gateway to read Stripe's current state with, and the handler our events go to (../events.ts). */
export type StripeEventDeps = {
  gateway: StripeGateway;
  events: PaymentEvents;
};

export type EventOutcome = "handled" | "ignored";

/** The event cannot be handled yet (it arrived ahead of what it refers to): Stripe should retry. */
export class RetryLater extends Error {}

/**
 * Acts on one verified Stripe event. Each handler works from state fetched from Stripe (or is
 * idempotent by itself), so a repeated or out-of-order event ends in the same result.
 */
export function handleStripeEvent(deps: StripeEventDeps, event: Stripe.Event): Promise<EventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return sessionCompleted(deps, event.data.object);
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return sessionExpired(deps, event.data.object);
    case "invoice.paid":
      return invoicePaid(deps, event.data.object);
    case "invoice.payment_failed":
      paymentFailures.inc({ provider: "stripe", reason: "invoice_payment_failed" });
      return invoicePaymentFailed(deps, event.data.object);
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(deps, event.data.object.id);
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return refundReported(deps, event.data.object);
    default:
      return Promise.resolve("ignored");
  }
}

/** Fulfils through the same path as the return page (confirm with Stripe, then fulfilOrder). */
async function sessionCompleted(deps: StripeEventDeps, session: Stripe.Checkout.Session) {
  if (!(await deps.events.orderForSession("stripe", session.id))) return "ignored";
  await deps.events.sessionPaid(deps.gateway.provider, session.id);
  // Subscription events that came before this one found no row yet: catch up with Stripe's state.
  const subscriptionId = idOf(session.subscription);
  if (subscriptionId) await syncSubscription(deps, subscriptionId);
  return "handled";
}

/** The session ran out unpaid (or its delayed payment failed): the coupon use is released and the order expired. */
async function sessionExpired(deps: StripeEventDeps, session: Stripe.Checkout.Session) {
  const order = await deps.events.orderForSession("stripe", session.id);
  if (!order) return "ignored";
  await deps.events.sessionEndedUnpaid(order.id);
  return "handled";
}

/** A monthly charge went through: one renewal order (and email) per invoice. */
async function invoicePaid(deps: StripeEventDeps, invoice: Stripe.Invoice) {
  const subscriptionId = subscriptionIdOf(invoice);
  // The first invoice is the checkout's own payment, fulfilled by checkout.session.completed.
  if (invoice.billing_reason !== "subscription_cycle" || !subscriptionId || !invoice.id) return "ignored";
  const state = stripeSubscriptionState(await deps.gateway.client.subscriptions.retrieve(subscriptionId));
  const paidAt = invoice.status_transitions.paid_at;
  const result = await deps.events.renewalPaid({
    provider: "stripe",
    providerSubscriptionId: subscriptionId,
    providerPaymentId: invoice.id,
    paidAt: paidAt ? new Date(paidAt * 1000) : new Date(),
    periodEnd: state.currentPeriodEnd ?? undefined,
  });
  if (!result.ok && result.reason === "not_found") {
    throw new RetryLater(`subscription ${subscriptionId} is not recorded yet`);
  }
  await deps.events.subscriptionChanged(
    { provider: "stripe", providerSubscriptionId: subscriptionId },
    state,
  );
  return "handled";
}

/**
 * A renewal charge failed: the dunning steps (server/subscriptions/dunning.ts: the "update your
 * card" email once per attempt, past due after Stripe's last retry); the status follows Stripe.
 */
async function invoicePaymentFailed(deps: StripeEventDeps, invoice: Stripe.Invoice) {
  const subscriptionId = subscriptionIdOf(invoice);
  if (!subscriptionId || !invoice.id) return "ignored";
  const known = await deps.events.renewalFailed({
    provider: "stripe",
    providerSubscriptionId: subscriptionId,
    attemptKey: `${invoice.id}:${invoice.attempt_count}`,
    amountCents: invoice.amount_due,
    // Stripe leaves next_payment_attempt empty once its retries are over.
    lastAttempt: invoice.next_payment_attempt === null,
    nextRetryAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
    // Our subscription page: its "Update payment method" opens Stripe's billing portal.
    updateUrl: null,
    payUrl: invoice.hosted_invoice_url ?? null,
  });
  if (!known) return "ignored";
  await syncSubscription(deps, subscriptionId);
  return "handled";
}

/**
 * A refund made here (the echo: its metadata names our refund) or in Stripe's dashboard, counted
 * once it succeeded (server/refunds/provider-refund.ts, through the handler).
 */
async function refundReported(deps: StripeEventDeps, refund: Stripe.Refund) {
  const known = await deps.events.refundReported({
    provider: "stripe",
    providerRefundId: refund.id,
    providerPaymentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    status: stripeRefundStatus(refund.status),
    ourRefundId: refund.metadata?.refund_id ?? null,
  });
  return known ? "handled" : "ignored";
}

function stripeRefundStatus(status: string | null) {
  if (status === "succeeded") return "succeeded" as const;
  return status === "failed" || status === "canceled" ? ("failed" as const) : ("pending" as const);
}

/** Copies the subscription's current state at Stripe (not the event's snapshot) onto our row. */
async function syncSubscription(deps: StripeEventDeps, subscriptionId: string) {
  const subscription = await deps.gateway.client.subscriptions.retrieve(subscriptionId);
  const known = await deps.events.subscriptionChanged(
    { provider: "stripe", providerSubscriptionId: subscriptionId },
    stripeSubscriptionState(subscription),
  );
  return known ? "handled" : "ignored";
}

/**
 * The invoice's subscription in either shape (invoice-shape.ts). A subscription's invoice that
 * names none is a shape the shop cannot read: it fails (Stripe retries), never "ignored".
 */
function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const id = invoiceSubscriptionId(invoice);
  if (!id && isSubscriptionInvoice(invoice)) {
    throw new Error(`invoice ${invoice.id} names no subscription in a shape the shop reads`);
  }
  return id;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}
