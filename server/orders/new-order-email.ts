import { brand } from "../../core/brand.ts";
import type { orderItems, orders } from "../db/schema/index.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;

/** A mailer that may know the shop's own inbox (SHOP_INBOX); fakes in tests may not. */
export type OrderMailer = Pick<Mailer, "send"> & Partial<Pick<Mailer, "shopInbox">>;

/**
 * The shop's "new order" email for a paid order: to SHOP_INBOX, else the brand's support address
 * (where contact-form notifications go too). Its dedupe key makes it one per order.
 */
export function newOrderMessage(
  order: Order,
  items: OrderItem[],
  shopInbox: string | undefined,
): MailMessage<"admin-new-order"> {
  const shortId = order.id.slice(0, 8);
  return {
    to: shopInbox ?? brand.supportEmail,
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
    },
  };
}
