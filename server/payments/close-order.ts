import { and, eq } from "drizzle-orm";
import { releaseCouponReservation } from "../coupons/coupons.ts";
import type { Tx } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";

/**
 * An abandoned payment (cancelled or expired with any provider): the still-unpaid order is marked
 * expired and its coupon reservation given back. Returns false when the order was no longer unpaid
 * (paid meanwhile, or closed already), in which case nothing changes.
 */
export async function closeUnpaidOrder(tx: Tx, orderId: string): Promise<boolean> {
  const [closed] = await tx
    .update(orders)
    .set({ paymentStatus: "expired" })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "unpaid")))
    .returning({ id: orders.id });
  if (!closed) return false;
  await releaseCouponReservation(tx, orderId);
  return true;
}
