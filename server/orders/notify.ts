import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type OrderStatus, type StatusChange, updateOrderStatus } from "./status.ts";

/**
 * An admin's status change (Orders Management): sets the status and, when the order just became
 * shipped, sends the buyer the shipping email — once, not on every later save. Null when there is
 * no such paid order.
 */
export async function changeOrderStatus(
  db: Db,
  mailer: Pick<Mailer, "send">,
  orderId: string,
  status: OrderStatus,
): Promise<StatusChange | null> {
  const change = await updateOrderStatus(db, orderId, status);
  if (change?.becameShipped) await sendShippedEmail(db, mailer, change.id);
  return change;
}

/** The shipping email for an order that just became shipped. */
async function sendShippedEmail(db: Db, mailer: Pick<Mailer, "send">, orderId: string): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.email) return;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const shortId = order.id.slice(0, 8);
  await mailer.send({
    to: order.email,
    subject: `Order #${shortId} has shipped`,
    template: "order-shipped",
    props: {
      name: order.name ?? "",
      shortId,
      items: items.map(({ name, quantity }) => ({ name, quantity })),
    },
  });
}
