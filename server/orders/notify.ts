import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";

/** The shipping email for an order that just became shipped (see StatusChange.becameShipped). */
export async function sendShippedEmail(db: Db, mailer: Pick<Mailer, "send">, orderId: string): Promise<void> {
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
