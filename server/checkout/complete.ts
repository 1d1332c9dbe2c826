import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { getPaidOrder, type OrderView } from "../orders/customer-orders.ts";
import { fulfilOrder } from "../orders/fulfil.ts";
import type { PaymentProvider } from "../payments/provider.ts";

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
): Promise<OrderView | null> {
  const paid = await provider.confirm(db, sessionId);
  if (!paid) return null;
  await fulfilOrder(db, mailer, paid);
  return getPaidOrder(db, paid.orderId);
}
