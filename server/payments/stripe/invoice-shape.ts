import type Stripe from "stripe";

/**
 * An invoice as an event may carry it: at the pinned version (2025-03-31.basil and later) its
 * subscription is `parent.subscription_details.subscription`; before basil it was the top-level
 * `subscription` (and the payment `payment_intent`), which an endpoint on an older version still
 * sends. Both are read.
 */
type AnyVersionInvoice = Stripe.Invoice & {
  subscription?: string | { id: string } | null;
};

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as AnyVersionInvoice).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}

/** Whether the invoice is a subscription's (its billing reason says so, in every version). */
export function isSubscriptionInvoice(invoice: Stripe.Invoice): boolean {
  return Boolean(invoice.billing_reason?.startsWith("subscription"));
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}
