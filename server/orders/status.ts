import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { fulfilmentStatus, orderItems, orders } from "../db/schema/index.ts";
import { restockItems } from "../stock/restock.ts";

export const ORDER_STATUSES = fulfilmentStatus.enumValues;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusChange = { id: string; previous: OrderStatus; status: OrderStatus; becameShipped: boolean };

/**
 * Sets the fulfilment status of a paid order (the admin may pick any status; no order is enforced).
 * Returns null when there is no such paid order. `becameShipped` is true only on the change to
 * shipped, so the caller sends the shipping email once, not on every save. The change to
 * cancelled puts the order's items back in stock (once per order: restockItems).
 */
export async function updateOrderStatus(
  db: Db,
  id: string,
  status: OrderStatus,
  actorId: string | null = null,
): Promise<StatusChange | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.paymentStatus, "paid")))
      .for("update");
    if (!current) return null;
    if (current.status !== status) await tx.update(orders).set({ status }).where(eq(orders.id, id));
    if (status === "cancelled" && current.status !== "cancelled") {
      const items = await tx
        .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id));
      await restockItems(tx, { orderId: id, items, reason: "cancel", actorId });
    }
    return {
      id,
      previous: current.status,
      status,
      becameShipped: status === "shipped" && current.status !== "shipped",
    };
  });
}
