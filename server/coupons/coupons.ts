import { and, count, eq, gt, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { couponReservations, coupons, couponUsages, orders, user } from "../db/schema/index.ts";
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

/**
 * Open holds of a coupon. `exceptCartId`: holds by payments started from that cart do not count,
 * so a buyer's own unfinished (or just cancelled) payment never takes the coupon from their cart.
 */
async function openReservationCount(
  db: Db | Tx,
  couponId: string,
  now: Date,
  exceptCartId?: string,
): Promise<number> {
  const open = and(eq(couponReservations.couponId, couponId), gt(couponReservations.expiresAt, now));
  if (!exceptCartId) {
    const [row] = await db.select({ n: count() }).from(couponReservations).where(open);
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(couponReservations)
    .innerJoin(orders, eq(orders.id, couponReservations.orderId))
    .where(and(open, or(isNull(orders.cartId), ne(orders.cartId, exceptCartId))));
  return row?.n ?? 0;
}

/**
 * Validates a typed code against a subtotal (no side effects). A quote for a cart passes its id
 * (`exceptCartId`); reserving a use at Pay does not, and counts every hold.
 */
export async function validateCoupon(
  db: Db | Tx,
  code: string,
  subtotalCents: number,
  now = new Date(),
  exceptCartId?: string,
): Promise<CouponCheck> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)));
  // Holds count only against a usage limit: an unlimited coupon's are not counted at all.
  const openReservations =
    coupon?.usageLimit != null ? await openReservationCount(db, coupon.id, now, exceptCartId) : 0;
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

/** Who is paying, for a coupon limited to one use per customer: their account and/or email. */
export type CouponCustomer = { userId: string | null; email: string | null };

/** The orders of one customer: their account's, or those under their email (any letter case). */
async function ordersOfCustomer(tx: Tx, customer: CouponCustomer): Promise<SQL | null> {
  const emails = new Set<string>();
  if (customer.email) emails.add(customer.email.trim().toLowerCase());
  if (customer.userId) {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, customer.userId));
    if (account) emails.add(account.email.toLowerCase());
  }
  const byEmail = [...emails].map((e) => sql`lower(${orders.email}) = ${e}`);
  const byAccount = customer.userId ? [eq(orders.userId, customer.userId)] : [];
  const matches = [...byAccount, ...byEmail];
  return matches.length > 0 ? (or(...matches) ?? null) : null;
}

/**
 * Whether this customer already used the coupon (a paid order) or holds it for another payment
 * still open; the coupon row is locked by the caller, so two payments at once cannot both pass.
 */
async function customerHasUsed(
  tx: Tx,
  couponId: string,
  customer: CouponCustomer,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const theirs = await ordersOfCustomer(tx, customer);
  if (!theirs) return false;
  const [used] = await tx
    .select({ id: couponUsages.id })
    .from(couponUsages)
    .innerJoin(orders, eq(orders.id, couponUsages.orderId))
    .where(and(eq(couponUsages.couponId, couponId), theirs))
    .limit(1);
  if (used) return true;
  const [held] = await tx
    .select({ id: couponReservations.id })
    .from(couponReservations)
    .innerJoin(orders, eq(orders.id, couponReservations.orderId))
    .where(
      and(
        eq(couponReservations.couponId, couponId),
        gt(couponReservations.expiresAt, now),
        ne(couponReservations.orderId, orderId),
        theirs,
      ),
    )
    .limit(1);
  return Boolean(held);
}

type CouponUseInput = {
  code: string;
  orderId: string;
  subtotalCents: number;
  expiresAt: Date;
  now?: Date;
  clientIp?: string | null;
  /** Who pays: a coupon limited to once per customer is refused to one who used it. */
  customer?: CouponCustomer;
};

/**
 * Holds one use of the coupon for an order until `expiresAt`, inside the caller's transaction:
 * `checkCouponUse`, then `holdCouponUse` (checkout calls the two apart, so that the order is
 * written once, with its discount, between them).
 */
export async function reserveCouponUse(tx: Tx, input: CouponUseInput): Promise<CouponCheck> {
  const check = await checkCouponUse(tx, input);
  if (check.ok) await holdCouponUse(tx, { couponId: check.coupon.id, ...input });
  return check;
}

/**
 * Whether the order may use the coupon, inside the transaction that will hold the use. A coupon
 * whose uses are counted (a usage limit, once per customer) is locked first, so concurrent
 * checkouts for it queue up (until the caller's commit) and a limit is never exceeded; one whose
 * uses are not counted is only read, since nothing a concurrent checkout does changes its answer,
 * and buyers of a shop-wide code do not wait for one another. A limited coupon is scarce: one
 * client address holds at most one use at a time and starts at most a few holds of it a day
 * (`admitClientHold`, the same cap stock has), so nobody can block it with payments they never
 * finish. The order need not exist yet.
 */
export async function checkCouponUse(tx: Tx, input: CouponUseInput): Promise<CouponCheck> {
  const now = input.now ?? new Date();
  const unlocked = await validateCoupon(tx, input.code, input.subtotalCents, now);
  if (!unlocked.ok || !usesAreCounted(unlocked.coupon)) return unlocked;
  await tx.execute(
    sql`select id from ${coupons} where ${coupons.code} = ${normalizeCouponCode(input.code)} for update`,
  );
  // Read again under the lock: the counts a concurrent checkout may have changed meanwhile.
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
  if (
    check.coupon.oncePerCustomer &&
    input.customer &&
    (await customerHasUsed(tx, check.coupon.id, input.customer, input.orderId, now))
  ) {
    return { ok: false, rejection: couponRejections.oncePerCustomer() };
  }
  return check;
}

/** A usage limit or once per customer: whether a use depends on the uses before it. */
const usesAreCounted = (coupon: Coupon) => coupon.usageLimit !== null || coupon.oncePerCustomer;

/** The order's hold on one use, until `expiresAt` (after `checkCouponUse` in the same transaction). */
export async function holdCouponUse(
  tx: Tx,
  hold: { couponId: string; orderId: string; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(couponReservations)
    .values({ couponId: hold.couponId, orderId: hold.orderId, expiresAt: hold.expiresAt });
}

/** Gives a held use back (payment session cancelled or expired). */
export async function releaseCouponReservation(db: Db | Tx, orderId: string): Promise<void> {
  await db.delete(couponReservations).where(eq(couponReservations.orderId, orderId));
}
