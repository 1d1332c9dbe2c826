import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { getPaidOrder, type OrderView } from "../orders/customer-orders.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { confirmAndFulfil } from "./fulfil.ts";

/**
 * What a return page does with a session id / token: asks the provider whether it was paid,
 * fulfils (a no-op when already done) and returns the paid order; null when it was not paid.
 * Reloading the page runs it again and simply shows the same order.
 */
export async function completePayment(
  db: Db,
  mailer: Pick<Mailer, "send">,
  provider: PaymentProvider,
  sessionId: string,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<OrderView | null> {
  const fulfilment = await confirmAndFulfil(db, mailer, provider, sessionId, log);
  return fulfilment ? getPaidOrder(db, fulfilment.orderId) : null;
}
