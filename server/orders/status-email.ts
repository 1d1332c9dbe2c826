import { orderLabel } from "../../core/orders/order-number.ts";
import { trackingInfo } from "../../core/orders/shipment.ts";
import type { orderItems, orders } from "../db/schema/index.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { statusUpdateSubject } from "../mail/templates/order-status-update.tsx";
import type { OrderStatus } from "./status.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/**
 * One email per status per order, ever (decision 038): the outbox stores a key at most once, so a
 * repeated save, two admins saving at once, or going back and forth between statuses never sends
 * the same status email twice.
 */
export const statusEmailKey = (orderId: string, status: OrderStatus) => `order-status:${orderId}:${status}`;

/** The buyer's email for an order that just reached `status` (null for pending: nothing to say). */
export function statusMessage(order: Order, items: OrderItem[], status: OrderStatus): MailMessage | null {
  if (!order.email || status === "pending") return null;
  const shortId = orderLabel(order);
  const base = { to: order.email, dedupeKey: statusEmailKey(order.id, status) };
  const name = order.name ?? "";
  if (status !== "shipped") {
    return {
      ...base,
      subject: statusUpdateSubject(status, shortId),
      template: "order-status-update",
      props: { name, shortId, status },
    };
  }
  const tracking = trackingInfo(order);
  return {
    ...base,
    subject: `Order #${shortId} has shipped`,
    template: "order-shipped",
    props: {
      name,
      shortId,
      items: items.map(({ name, quantity }) => ({ name, quantity })),
      ...(tracking && {
        carrier: tracking.carrier,
        trackingNumber: tracking.trackingNumber,
        trackingUrl: tracking.url,
      }),
    },
  };
}
