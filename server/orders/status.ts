import { and, eq } from "drizzle-orm";
import type { ShipmentInput } from "../../core/forms/shipment-form.ts";
import { orderLabel } from "../../core/orders/order-number.ts";
import { recordChange } from "../audit/record.ts";
import { clawBackCancel } from "../creators/ledger.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { fulfilmentStatus, orderItems, orders } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { restockItems } from "../stock/restock.ts";

export const ORDER_STATUSES = fulfilmentStatus.enumValues;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusChange = {
  id: string;
  /** The order's number, for messages to people (orderLabel). */
  number: number | null;
  previous: OrderStatus;
  status: OrderStatus;
  becameShipped: boolean;
};

const trackingRequired = () =>
  new InvalidInputError(
    {
      title: "Tracking needed",
      description: "Enter the carrier and tracking number to mark the order shipped.",
    },
    { trackingNumber: ["Enter the tracking number"] },
  );

/**
 * Sets the fulfilment status of a paid order (the admin may pick any status; no order is enforced).
 * Returns null when there is no such paid order. `becameShipped` is true only on the change to
 * shipped, so the caller sends the shipping email once, not on every save.
 *
 * Shipping needs a carrier and tracking number (decision 038): given as `shipment`, or already on
 * the order from an earlier shipping. Becoming shipped stamps shipped_at, becoming delivered
 * stamps delivered_at.
 * The change to cancelled puts the order's items back in stock (once per order: restockItems) and
 * claws back its creator commission (decision 040).
 */
export async function updateOrderStatus(
  db: Db,
  id: string,
  status: OrderStatus,
  shipment?: ShipmentInput,
  actorId: string | null = null,
): Promise<StatusChange | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        number: orders.number,
        status: orders.status,
        carrier: orders.carrier,
        carrierName: orders.carrierName,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.paymentStatus, "paid")))
      .for("update");
    if (!current) return null;
    if (status === "shipped" && !shipment && !current.trackingNumber) throw trackingRequired();
    const changed = current.status !== status;
    if (changed || shipment) {
      await tx
        .update(orders)
        .set({
          status,
          ...(shipment && tracking(shipment)),
          ...(changed && status === "shipped" && { shippedAt: new Date() }),
          ...(changed && status === "delivered" && { deliveredAt: new Date() }),
        })
        .where(eq(orders.id, id));
      const { number, ...before } = current;
      await recordChange(tx, {
        entityType: "order",
        entityId: id,
        entityLabel: orderLabel({ id, number }),
        action: changed ? "status" : "ship",
        before,
        after: { ...before, status, ...(shipment && tracking(shipment)) },
      });
    }
    if (status === "cancelled" && changed) {
      const items = await tx
        .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id));
      await restockItems(tx, { orderId: id, items, reason: "cancel", actorId });
      await clawBackCancel(tx, id);
    }
    return {
      id,
      number: current.number,
      previous: current.status,
      status,
      becameShipped: status === "shipped" && changed,
    };
  });
}

/** The order columns a shipment sets. */
export function tracking({ carrier, carrierName, trackingNumber }: ShipmentInput) {
  return { carrier, carrierName, trackingNumber };
}
