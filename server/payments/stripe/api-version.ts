import Stripe from "stripe";

/**
 * The Stripe API version the shop is written for: the SDK's own (every API call sends it) and the
 * one `npm run stripe:setup` pins the webhook endpoint to. Stripe renders each webhook event at
 * its endpoint's version, fixed when the endpoint is made (an endpoint added in the Dashboard gets
 * the account's default), so an event may arrive in an older or newer shape.
 */
export const PINNED_STRIPE_API_VERSION: string = Stripe.API_VERSION;

/**
 * The events the shop acts on (server/payments/stripe/events.ts): exactly what the webhook
 * endpoint subscribes to (stripe:setup) and docs/payments.md lists.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "refund.created",
  "refund.updated",
  "refund.failed",
] as const satisfies readonly Stripe.WebhookEndpointCreateParams.EnabledEvent[];

/**
 * How the shop reads an event rendered at `apiVersion`: `pinned`; `older` (a version before ours:
 * the handlers read the old shapes too, e.g. invoices before 2025-03-31.basil); `newer` (a shape
 * the shop does not know yet: refused, so Stripe retries it after an update or stripe:setup).
 * Stripe's versions are dated, so they sort as text.
 */
export function eventVersionRelation(apiVersion: string | null | undefined): "pinned" | "older" | "newer" {
  if (!apiVersion || apiVersion === PINNED_STRIPE_API_VERSION) return "pinned";
  return apiVersion < PINNED_STRIPE_API_VERSION ? "older" : "newer";
}
