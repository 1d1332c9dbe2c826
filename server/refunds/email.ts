import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RecordedRefund } from "./record.ts";

/**
 * Tells the customer about a refund, once per refund (dedupe key `refund-email:<refund id>`), after
 * the refund committed. A failing outbox never fails the refund: it is logged.
 */
export async function sendRefundEmail(
  db: Db,
  mailer: Pick<Mailer, "send">,
  refund: RecordedRefund,
  publicUrl: string,
  log?: Pick<Logger, "error">,
): Promise<void> {
  try {
    const [order] = await db
      .select({ name: orders.name, email: orders.email, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    if (!order?.email) return;
    const orderNumber = refund.orderId.slice(0, 8);
    await mailer.send({
      to: order.email,
      subject: `Refund for order #${orderNumber}`,
      template: "order-refunded",
      dedupeKey: `refund-email:${refund.refundId}`,
      props: {
        name: order.name ?? "",
        orderNumber,
        amountCents: refund.amountCents,
        refundedCents: refund.refundedCents,
        totalCents: order.totalCents,
        orderUrl: `${publicUrl}/orders/${refund.orderId}`,
      },
    });
  } catch (error) {
    log?.error({ err: error, refundId: refund.refundId }, "refund email could not be queued");
  }
}
