import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendShippedEmail } from "./notify.ts";
import { type OrderStatus, type StatusChange, updateOrderStatus } from "./status.ts";

/**
 * The back office's status change: updates a paid order's fulfilment status and, when it has just
 * become shipped, mails the buyer (once: setting "shipped" again sends nothing). Null when there is
 * no such paid order.
 */
export async function changeOrderStatus(
  deps: { db: Db; mailer: Pick<Mailer, "send"> },
  orderId: string,
  status: OrderStatus,
): Promise<StatusChange | null> {
  const change = await updateOrderStatus(deps.db, orderId, status);
  if (change?.becameShipped) await sendShippedEmail(deps.db, deps.mailer, change.id);
  return change;
}
