import type { RequestContext } from "../context.ts";
import type { OrderView } from "../orders/customer-orders.ts";
import { completePayment } from "./complete.ts";
import { paymentProvider } from "./request.server.ts";

/**
 * The return pages' work: completes the session (once; a reload shows the same order) and
 * returns the paid order, or null when the provider does not confirm it or processing fails.
 */
export async function processReturn(context: RequestContext, sessionId: string): Promise<OrderView | null> {
  try {
    return await completePayment(context.database.db, context.mailer, paymentProvider(context), sessionId);
  } catch (error) {
    context.log.error({ err: error, sessionId }, "payment return processing failed");
    return null;
  }
}
