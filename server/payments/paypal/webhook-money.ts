import { type PaypalRefund, type PaypalSaleRefund, refundedCaptureId, refundedSaleId } from "./refunds.ts";
import type { PaypalSubscription } from "./resources.ts";
import { PAYPAL_AUTOPAY_URL } from "./subscription-changes.ts";
import type { PaypalEventDeps } from "./webhook.ts";

/*
 * What PayPal's webhook reports about money after the payment: refunds and reversals (chargebacks)
 * of captures and of subscription sales, and renewals PayPal could not collect.
 */

/** What a reversal (chargeback, bank reversal) is recorded as, instead of a dashboard refund. */
export const REVERSED = "Reversed by PayPal (chargeback or bank reversal)";

/**
 * A refund of a capture, ours (custom_id names our refund) or made in PayPal's dashboard, or a
 * capture PayPal reversed (PAYMENT.CAPTURE.REVERSED, `reason`), counted once it completed
 * (server/refunds/provider-refund.ts).
 */
export async function refundReported(deps: PaypalEventDeps, refund: PaypalRefund, reason?: string) {
  if (typeof refund.id !== "string" || !refund.amount) return;
  await deps.events.refundReported({
    provider: "paypal",
    providerRefundId: refund.id,
    providerPaymentId: refundedCaptureId(refund),
    amountCents: centsOf(refund.amount.value),
    status: paypalRefundStatus(refund.status),
    ourRefundId: refund.custom_id ?? null,
    ...(reason && { reason }),
  });
}

/**
 * A subscription payment (sale) refunded in PayPal's dashboard, or reversed (PAYMENT.SALE.REVERSED):
 * recorded on the order that sale paid — the checkout order or a renewal — like any refund.
 */
export async function saleRefunded(deps: PaypalEventDeps, refund: PaypalSaleRefund, reason?: string) {
  const saleId = refundedSaleId(refund);
  if (typeof refund.id !== "string" || !refund.amount || !saleId) {
    deps.log.warn({ refundId: refund.id }, "paypal sale refund without its sale ignored");
    return;
  }
  const known = await deps.events.refundReported({
    provider: "paypal",
    providerRefundId: refund.id,
    providerPaymentId: saleId,
    amountCents: centsOf(refund.amount.total),
    status: refund.state === "completed" ? "succeeded" : refund.state === "failed" ? "failed" : "pending",
    ...(reason && { reason }),
  });
  if (!known) deps.log.warn({ saleId, refundId: refund.id }, "paypal sale refund for an unknown order");
}

/** PayPal writes reversals as negative amounts ("-50.99"): the refund is what was given back. */
const centsOf = (value: string) => Math.abs(Math.round(Number(value) * 100));

/**
 * A renewal PayPal could not collect (server/subscriptions/dunning.ts): each failed attempt
 * emailed once (keyed by its time), and past due once PayPal has no retry left — it suspends the
 * subscription after the plan's payment_failure_threshold.
 */
export async function renewalFailed(
  deps: PaypalEventDeps,
  subscription: PaypalSubscription,
  eventId: string,
) {
  const failed = subscription.billing_info?.last_failed_payment;
  const retry = failed?.next_payment_retry_time;
  const known = await deps.events.renewalFailed(
    {
      provider: "paypal",
      providerSubscriptionId: subscription.id,
      attemptKey: failed?.time ?? eventId,
      amountCents: centsOf(failed?.amount?.value ?? "0"),
      // PayPal suspends the subscription when the plan's payment_failure_threshold is reached.
      lastAttempt: subscription.status === "SUSPENDED",
      nextRetryAt: retry ? new Date(retry) : null,
      updateUrl: PAYPAL_AUTOPAY_URL,
    },
    deps.now?.(),
  );
  if (!known)
    deps.log.warn({ subscriptionId: subscription.id }, "paypal payment failure for an unknown subscription");
}

function paypalRefundStatus(status: string) {
  if (status === "COMPLETED") return "succeeded" as const;
  return status === "FAILED" || status === "CANCELLED" ? ("failed" as const) : ("pending" as const);
}
