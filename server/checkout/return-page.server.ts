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
