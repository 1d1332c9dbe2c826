import type { RequestContext } from "../context.ts";
import type { OrderView } from "../orders/customer-orders.ts";
import { providerForSession } from "../payments/registry.ts";
import { completePayment } from "./complete.ts";

/**
 * The return pages' work: completes the session (once; a reload shows the same order) and
 * returns the paid order, or null when the provider does not confirm it or processing fails.
 */
export async function processReturn(context: RequestContext, sessionId: string): Promise<OrderView | null> {
  try {
    const provider = await providerForSession(context, sessionId);
    if (!provider) return null;
    return await completePayment(context.database.db, context.mailer, provider, sessionId);
  } catch (error) {
    context.log.error({ err: error, sessionId }, "payment return processing failed");
    return null;
  }
}

/**
 * The buyer came back to checkout from the provider without paying (PayPal's cancel URL carries
 * the order's token / subscription_id): the session is given up, which releases the coupon.
 * The provider makes sure no payment is underway first. A failure is only logged.
 */
export async function cancelReturnedSession(context: RequestContext, sessionId: string): Promise<void> {
  try {
    const provider = await providerForSession(context, sessionId);
    await provider?.cancel(context.database.db, sessionId);
  } catch (error) {
    context.log.error({ err: error, sessionId }, "cancelling the returned payment session failed");
  }
}
