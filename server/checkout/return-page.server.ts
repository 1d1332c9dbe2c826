import type { RequestContext } from "../context.ts";
import { throwIfDatabaseUnreachable } from "../db/availability.ts";
import { getOrderForSession, type OrderView, withOrderItems } from "../orders/customer-orders.ts";
import { providerNamed } from "../payments/registry.ts";
import { completePayment } from "./complete.ts";

/**
 * The return pages' work: completes the session (once; a reload shows the same order) and
 * returns the paid order, or null when the provider does not confirm it or processing fails.
 * An order already paid (by the webhook, the sandbox page or an earlier visit) is shown as it
 * is, without asking the provider again or opening a fulfilment transaction.
 */
export async function processReturn(context: RequestContext, sessionId: string): Promise<OrderView | null> {
  let orderId: string | undefined;
  try {
    const db = context.database.db;
    const order = await getOrderForSession(db, sessionId);
    if (!order) return null;
    orderId = order.id;
    if (order.paymentStatus === "paid") return await withOrderItems(db, order);
    const paid = await completePayment(db, context.mailer, providerNamed(context, order.provider), sessionId);
    context.log.info({ orderId, sessionId, paid: Boolean(paid) }, "payment return checked with the provider");
    return paid;
  } catch (error) {
    // The payment is safe: the 503 page reloads itself and confirms once the database is back.
    throwIfDatabaseUnreachable(error, "payment return");
    context.log.error({ err: error, sessionId, orderId }, "payment return processing failed");
    return null;
  }
}
