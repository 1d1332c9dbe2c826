import type { RequestContext } from "../context.ts";
import { getOrderForSession, type OrderView, withOrderItems } from "../orders/customer-orders.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { PayerMustChooseAgain } from "../payments/provider.ts";
import { providerNamed } from "../payments/registry.ts";

/**
 * What a return page can say: the paid order; 'pending' when the confirmation failed on our side
 * (the provider may well have taken the payment: fulfilment and the reconciliation job finish
 * it, so the page says the payment is safe and tries again); 'failed' when the session is unknown
 * or the provider does not confirm a payment; 'declined' when the provider refused the funding
 * source the buyer chose and wants them back on its page to pick another (`retryUrl`).
 */
export type ReturnOutcome =
  | { state: "paid"; order: OrderView }
  | { state: "pending" }
  | { state: "failed" }
  | { state: "declined"; retryUrl: string };

/**
 * The return pages' work: completes the session (once; a reload shows the same order). An order
 * already paid (by the webhook, the sandbox page or an earlier visit) is shown as it is, without
 * asking the provider again or opening a fulfilment transaction.
 */
export async function processReturn(
  context: Pick<RequestContext, "config" | "database" | "mailer" | "log">,
  sessionId: string,
): Promise<ReturnOutcome> {
  let orderId: string | undefined;
  try {
    const db = context.database.db;
    const order = await getOrderForSession(db, sessionId);
    if (!order) return { state: "failed" };
    orderId = order.id;
    if (order.paymentStatus === "paid") return { state: "paid", order: await withOrderItems(db, order) };
    const provider = providerNamed(context, order.provider);
    const paid = await completePayment(db, context.mailer, provider, sessionId, context.log);
    context.log.info({ orderId, sessionId, paid: Boolean(paid) }, "payment return checked with the provider");
    return paid ? { state: "paid", order: paid } : { state: "failed" };
  } catch (error) {
    if (error instanceof PayerMustChooseAgain) {
      context.log.info(
        { orderId, sessionId, issue: error.issue },
        "payment declined: buyer sent back to choose again",
      );
      return { state: "declined", retryUrl: error.retryUrl };
    }
    // A database outage included: this answer is already streaming (it cannot become a 503), so
    // the page says the payment is safe and retries until the order is confirmed.
    context.log.error({ err: error, sessionId, orderId }, "payment return processing failed");
    return { state: "pending" };
  }
}
