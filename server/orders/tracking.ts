import { and, eq, inArray } from "drizzle-orm";
import type { ShipmentInput } from "../../core/forms/shipment-form.ts";
import { orderLabel } from "../../core/orders/order-number.ts";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { tracking } from "./status.ts";

const orderNotFound = () =>
  new NotFoundError({
    title: "Order not found",
    description: "This order does not exist or is not paid.",
  });

const notShipped = () =>
  new ConflictError({
    title: "Not shipped yet",
    description: "Mark the order shipped before editing its tracking.",
  });

/**
 * Corrects the carrier and tracking number of a shipped (or delivered) paid order. No email: the
 * buyer got the shipped email once (decision 038); the order pages show the corrected link.
 */
export async function updateTracking(
  db: Db,
  orderId: string,
  shipment: ShipmentInput,
): Promise<{ id: string; number: number | null }> {
  if (!isUuid(orderId)) throw orderNotFound();
  const paidOrder = and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid"));
  const done = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        number: orders.number,
        carrier: orders.carrier,
        carrierName: orders.carrierName,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .where(and(paidOrder, inArray(orders.status, ["shipped", "delivered"])))
      .for("update");
    if (!before) return null;
    await tx.update(orders).set(tracking(shipment)).where(eq(orders.id, orderId));
    const { number, ...fields } = before;
    await recordChange(tx, {
      entityType: "order",
      entityId: orderId,
      entityLabel: orderLabel({ id: orderId, number }),
      action: "tracking",
      before: fields,
      after: { ...fields, ...tracking(shipment) },
    });
    return { id: orderId, number };
  });
  if (done) return done;
  const [exists] = await db.select({ id: orders.id }).from(orders).where(paidOrder);
  throw exists ? notShipped() : orderNotFound();
}

/** A paid order as the shipping form shows it, or null. */
export async function getShipment(db: Db, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      name: orders.name,
      carrier: orders.carrier,
      carrierName: orders.carrierName,
      trackingNumber: orders.trackingNumber,
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid")));
  return row ?? null;
}
