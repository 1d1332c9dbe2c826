import { orderLabel } from "../../core/orders/order-number.ts";
import { absoluteUrl } from "../../core/text/urls.ts";
import type { orderItems, orders } from "../db/schema/index.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/** A mailer that may know the shop's own inbox (SHOP_INBOX) and public origin (PUBLIC_URL); fakes in tests may not. */
export type OrderMailer = Pick<Mailer, "send"> &
  Partial<Pick<Mailer, "shopInbox" | "publicUrl" | "linkSecret">>;

/**
 * The shop's "new order" email for a paid order, to SHOP_INBOX; null when that is not configured
 * (opt-in, decision 038: an unconfigured shop does not mail every order to a guessed address).
 * Its dedupe key makes it one per order.
 */
export function newOrderMessage(
  order: Order,
  items: OrderItem[],
  shopInbox: string | undefined,
  publicUrl = "",
): MailMessage<"admin-new-order"> | null {
  if (!shopInbox) return null;
  const shortId = orderLabel(order);
  return {
    to: shopInbox,
    subject: `New order #${shortId}: ${order.name || order.email || "customer"}`,
    template: "admin-new-order",
    dedupeKey: `admin-new-order:${order.id}`,
    props: {
      shortId,
      customerName: order.name ?? "",
      customerEmail: order.email ?? "",
      purchaseType: order.purchaseType,
      items: items.map(({ name, weight, quantity }) => ({ name, weight, quantity })),
      totalCents: order.totalCents,
      // The admin order list searched for this order; absolute when the shop knows its origin.
      ordersUrl: absoluteUrl(publicUrl, `/admin/orders?q=${shortId}`),
    },
  };
}
