import type Stripe from "stripe";
import type { ProviderOrder, ProviderRefund, RefundRequest } from "../provider.ts";

/**
 * Refunds through Stripe's Refunds API (POST /v1/refunds) on the order's payment intent, with our
 * refund's id as the Idempotency-Key and in the metadata (so the refund.* webhook echo of our own
 * refund finds its row). A payment intent not stored at fulfilment is looked up first.
 */
export async function refundStripePayment(stripe: Stripe, request: RefundRequest): Promise<ProviderRefund> {
  const paymentIntent = request.order.providerPaymentId ?? (await paymentIntentOf(stripe, request.order));
  const refund = await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: request.amountCents,
      reason: "requested_by_customer",
      metadata: { order_id: request.order.id, refund_id: request.refundId },
    },
    { idempotencyKey: `refund-${request.refundId}` },
  );
  if (refund.status === "failed" || refund.status === "canceled") {
    throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
  }
  return {
    providerRefundId: refund.id,
    status: refund.status === "succeeded" ? "succeeded" : "pending",
    providerPaymentId: paymentIntent,
  };
}

/**
 * The payment intent that paid an order: a one-time checkout session's own; a subscription
 * checkout's first invoice's, or a renewal's invoice's (renewal orders keep the invoice id).
 */
async function paymentIntentOf(stripe: Stripe, order: ProviderOrder): Promise<string> {
  const id = order.providerSessionId;
  if (!id) throw new Error(`order ${order.id} has no Stripe payment`);
  let invoiceId = id.startsWith("in_") ? id : null;
  if (!invoiceId) {
    const session = await stripe.checkout.sessions.retrieve(id);
    const intent = idOf(session.payment_intent);
    if (intent) return intent;
    invoiceId = idOf(session.invoice);
  }
  if (!invoiceId) throw new Error(`Stripe has no payment for order ${order.id}`);
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
  const paid =
    invoice.payments?.data.find((payment) => payment.status === "paid") ?? invoice.payments?.data[0];
  const intent = idOf(paid?.payment.payment_intent);
  if (!intent) throw new Error(`Stripe invoice ${invoiceId} has no payment intent`);
  return intent;
}

export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}
