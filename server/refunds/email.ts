import { eq } from "drizzle-orm";
import { orderLabel } from "../../core/orders/order-number.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { orderPageUrl } from "../orders/status-token.ts";
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
      .select({
        id: orders.id,
        number: orders.number,
        userId: orders.userId,
        statusToken: orders.statusToken,
        name: orders.name,
        email: orders.email,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    if (!order?.email) return;
    const orderNumber = orderLabel(order);
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
        // A guest has no account to sign in to: their order status link.
        orderUrl: orderPageUrl(publicUrl, order),
      },
    });
  } catch (error) {
    log?.error({ err: error, refundId: refund.refundId }, "refund email could not be queued");
  }
}
