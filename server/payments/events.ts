import type { PaidSession, PaymentProvider, ProviderOrder, SubscriptionState } from "./provider.ts";
import type { ProviderName } from "./registry.ts";

/*
 * What a provider's webhook reports, in our terms. The adapters (stripe/events.ts, paypal/webhook.ts)
 * read the provider's event and hand ours to the one handler they are given
 * (server/webhooks/payment-events.ts builds it from orders, subscriptions and refunds), so payments
 * imports none of those folders: they import payments.
 */

/** A subscription by the provider's id for it (the sandbox reports no events). */
export type ProviderSubscription = {
  provider: Exclude<ProviderName, "sandbox">;
  providerSubscriptionId: string;
};

/** A renewal the provider charged (Stripe invoice.paid for a cycle, PayPal PAYMENT.SALE.COMPLETED). */
export type ProviderRenewal = ProviderSubscription & {
  providerPaymentId: string;
  paidAt: Date;
  periodEnd?: Date;
};

/** A renewal charge the provider reports failed (Stripe invoice.payment_failed, PayPal BILLING.SUBSCRIPTION.PAYMENT.FAILED). */
export type PaymentFailure = {
  provider: "stripe" | "paypal";
  providerSubscriptionId: string;
  /** The failed attempt (Stripe: invoice and attempt count; PayPal: the failed payment's time): emailed once. */
  attemptKey: string;
  amountCents: number;
  /** The provider's last retry failed: it tries no more. */
  lastAttempt: boolean;
  /** When the provider tries again, when it says. */
  nextRetryAt: Date | null;
  /** Where the card or account is updated; the subscription's own page when null. */
  updateUrl: string | null;
  /** Where this charge can be paid now (Stripe's hosted invoice page). */
  payUrl?: string | null;
};

/** A refund as a provider's webhook reports it. */
export type ProviderRefundEvent = {
  provider: Exclude<ProviderName, "sandbox">;
  providerRefundId: string;
  /** The payment it refunds (Stripe payment intent, PayPal capture): finds the order. */
  providerPaymentId: string | null;
  amountCents: number;
  /** Only a succeeded refund counts; a failed one releases what our pending row held. */
  status: "succeeded" | "pending" | "failed";
  /** Our refund row's id when the refund is our own (Stripe metadata, PayPal custom_id). */
  ourRefundId?: string | null;
  /** Why, for a refund we did not make (default: "Refunded in the … dashboard"), e.g. a chargeback. */
  reason?: string;
};

/** The handler the adapters report to; each answer is what the adapter needs to go on. */
export type PaymentEvents = {
  /** The order a provider session belongs to; null when it is not ours. */
  orderForSession(provider: ProviderName, sessionId: string): Promise<ProviderOrder | null>;
  /** A session may have been paid: confirm it with the provider and fulfil, as the return page does. */
  sessionPaid(provider: PaymentProvider, sessionId: string): Promise<unknown>;
  /** The order's session ended unpaid (expired, or its delayed payment failed): close the order. */
  sessionEndedUnpaid(orderId: string): Promise<unknown>;
  /** A payment the provider reports by itself (PayPal's first subscription sale): fulfil the order. */
  orderPaid(paid: PaidSession): Promise<unknown>;
  /** The provider's id of the money a paid order took, when the order has none yet. */
  paymentIdReported(orderId: string, providerPaymentId: string): Promise<unknown>;
  /** A renewal charged; `not_found` while the subscription is not recorded yet. */
  renewalPaid(renewal: ProviderRenewal): Promise<{ ok: boolean; reason?: string }>;
  /** The provider's current state of a subscription; false when we do not know it (yet). */
  subscriptionChanged(subscription: ProviderSubscription, state: SubscriptionState): Promise<boolean>;
  /** A renewal charge failed (dunning); false for a subscription we do not know. */
  renewalFailed(failure: PaymentFailure, now?: Date): Promise<boolean>;
  /** A refund or reversal; false when it is not about an order of ours. */
  refundReported(refund: ProviderRefundEvent): Promise<boolean>;
};
