import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { couponReservations, coupons, orders } from "../db/schema/index.ts";
import { admitClientHold } from "../reservations/client-holds.ts";
import { paymentHoldRule } from "../reservations/hold-rule.ts";
import { openOrder } from "../reservations/open-orders.ts";
import { type CouponRejection, checkCoupon, couponRejections, normalizeCouponCode } from "./rules.ts";

export type Coupon = typeof coupons.$inferSelect;

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; rejection: CouponRejection };

/** Whether checkout shows the coupon box: at least one active coupon visible on the frontend. */
export async function hasVisibleCoupon(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.isActive, true), eq(coupons.showOnFrontend, true)))
    .limit(1);
  return Boolean(row);
}

async function openReservationCount(db: Db | Tx, couponId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponReservations)
    .where(and(eq(couponReservations.couponId, couponId), gt(couponReservations.expiresAt, now)));
  return row?.n ?? 0;
}

/** Validates a typed code against a subtotal (no side effects). */
export async function validateCoupon(
  db: Db | Tx,
  code: string,
  subtotalCents: number,
  now = new Date(),
): Promise<CouponCheck> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)));
  const openReservations = coupon ? await openReservationCount(db, coupon.id, now) : 0;
  const rejection = checkCoupon(coupon, { now, subtotalCents, openReservations });
  return rejection ? { ok: false, rejection } : { ok: true, coupon: coupon! };
}

/** Open holds of one coupon by payments from one client address. */
async function holdsOfClient(tx: Tx, couponId: string, clientIp: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(couponReservations)
    .innerJoin(orders, eq(orders.id, couponReservations.orderId))
    .where(
      and(
        eq(couponReservations.couponId, couponId),
        gt(couponReservations.expiresAt, now),
        eq(orders.clientIp, clientIp),
        openOrder(paymentHoldRule, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Holds one use of the coupon for an order until `expiresAt`, inside the caller's transaction.
 * The coupon row is locked first, so concurrent checkouts for the same coupon queue up and a usage
 * limit is never exceeded. A limited coupon is scarce: one client address holds at most one use at
 * a time and starts at most a few holds of it a day (`admitClientHold`, the same cap stock has), so
 * nobody can block it with payments they never finish. An unlimited coupon's hold blocks nobody.
 */
export async function reserveCouponUse(
  tx: Tx,
  input: {
    code: string;
    orderId: string;
    subtotalCents: number;
    expiresAt: Date;
    now?: Date;
    clientIp?: string | null;
  },
): Promise<CouponCheck> {
  const now = input.now ?? new Date();
  await tx.execute(
    sql`select id from ${coupons} where ${coupons.code} = ${normalizeCouponCode(input.code)} for update`,
  );
  const check = await validateCoupon(tx, input.code, input.subtotalCents, now);
  if (!check.ok) return check;
  if (input.clientIp && check.coupon.usageLimit !== null) {
    const refusal = await admitClientHold(tx, paymentHoldRule, {
      item: `coupon:${check.coupon.code}`,
      clientIp: input.clientIp,
      openHolds: await holdsOfClient(tx, check.coupon.id, input.clientIp, now),
    });
    if (refusal === "held_by_client") return { ok: false, rejection: couponRejections.heldByClient() };
    if (refusal) return { ok: false, rejection: couponRejections.heldTooOften() };
  }
  await tx
    .insert(couponReservations)
    .values({ couponId: check.coupon.id, orderId: input.orderId, expiresAt: input.expiresAt });
  return check;
}

/** Gives a held use back (payment session cancelled or expired). */
export async function releaseCouponReservation(db: Db | Tx, orderId: string): Promise<void> {
  await db.delete(couponReservations).where(eq(couponReservations.orderId, orderId));
}
