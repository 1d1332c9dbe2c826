import { and, eq } from "drizzle-orm";
import { releaseCouponReservation } from "../coupons/coupons.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import { expireSandboxSessions } from "../payments/sandbox.ts";
import { releaseStock } from "../stock/reserve.ts";

/**
 * A payment session that ended without payment (cancelled or expired, with any provider): its
 * coupon use and stock holds go back and the still-unpaid order is marked expired. A paid order is left as it is.
 * Returns whether the order was still unpaid.
 */
export async function closeUnpaidOrder(tx: Tx, orderId: string): Promise<boolean> {
  await releaseCouponReservation(tx, orderId);
  await releaseStock(tx, orderId);
  const expired = await tx
    .update(orders)
    .set({ paymentStatus: "expired" })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "unpaid")))
    .returning({ id: orders.id });
  return expired.length > 0;
}

/**
 * The sandbox's expired sessions (run at checkout start and by the minute sweep): their orders
 * are closed and coupon uses released. Returns how many sessions expired.
 */
export async function expireSandboxPayments(db: Db, now = new Date()): Promise<number> {
  const orderIds = await expireSandboxSessions(db, now);
  for (const orderId of orderIds) await db.transaction((tx) => closeUnpaidOrder(tx, orderId));
  return orderIds.length;
}
