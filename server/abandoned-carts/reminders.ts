import { and, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  cartLines,
  cartReminders,
  carts,
  coupons,
  orders,
  type ReminderLine,
  user,
} from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { unsubscribedSql as unsubscribed } from "../marketing/contacts.ts";
import { RESTORE_LINK_DAYS, signLinkToken } from "../marketing/links.ts";
import { sendMarketingEmail } from "../marketing/marketing-email.ts";
import { getMarketingPostalAddress } from "../marketing/postal-address.ts";
import { claimReminder, guestCapsAllow } from "./guest-caps.ts";
import { getAbandonedCartSettings } from "./settings.ts";

export type ReminderServices = { db: Db; mailer: Mailer; linkSecret: string };

const HOUR_MS = 60 * 60 * 1000;
/** The follow-up goes this long after the first reminder. */
export const SECOND_REMINDER_AFTER_HOURS = 24;
/** Carts idle longer than this are never reminded (e.g. when the feature is first turned on). */
const MAX_IDLE_DAYS = 14;
/** Reminders sent per run at most: the next tick continues. */
const BATCH = 100;

/** `name` is an account's (empty for a guest); `clientIp` is who typed a guest's email. */
type Candidate = {
  cartId: string;
  cartUpdatedAt: Date;
  email: string;
  name: string;
  guest: boolean;
  clientIp: string | null;
};

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/** The cart still has lines a reminder can show, and no order paid for it since it last changed. */
const stillAbandoned = (cartId: SQL | typeof carts.id, cartUpdatedAt: SQL | typeof carts.updatedAt) => sql`
  exists (select 1 from ${cartLines} where ${cartLines.cartId} = ${cartId} and ${cartLines.variantId} is not null)
  and not exists (
    select 1 from ${orders} where ${orders.cartId} = ${cartId}
      and ${orders.paymentStatus} = 'paid' and ${orders.paidAt} >= ${cartUpdatedAt}
  )`;

/**
 * The cart's last change as a reminder row keeps it: JavaScript dates carry milliseconds,
 * PostgreSQL's clock microseconds, so the cart's side is cut to milliseconds.
 */
const cartVersion = sql`date_trunc('milliseconds', ${carts.updatedAt})`;

const alreadyReminded = (step: number) => sql`exists (
  select 1 from ${cartReminders} r
  where r.cart_id = ${carts.id} and r.cart_updated_at = ${cartVersion} and r.step = ${step})`;

/**
 * Who a cart's reminder goes to: a signed-in customer with a verified email, or a guest who gave an
 * email on the address step and so reached the payment step (decision 044). Only an account's name
 * greets the reader: a guest typed both the address and the name, and anyone may type anyone's
 * address, so nothing from a guest cart goes into the greeting (decision 051).
 */
const recipientEmail = sql<string>`coalesce(${user.email}, ${carts.checkoutEmail})`;
const recipientName = sql<string>`coalesce(${user.name}, '')`;
const candidateColumns = {
  cartId: carts.id,
  cartUpdatedAt: carts.updatedAt,
  name: recipientName,
  guest: sql<boolean>`${carts.userId} is null`,
  clientIp: carts.checkoutClientIp,
};
const hasRecipient = sql`(
  (${carts.userId} is not null and ${user.emailVerified} = true)
  or (${carts.userId} is null and ${carts.checkoutEmail} is not null and ${carts.checkoutAddress} is not null))`;

/** Carts idle for the admin's hours (up to 14 days), with a recipient, not reminded about this abandonment yet. */
async function firstReminderCandidates(db: Db, idleHours: number, now: Date): Promise<Candidate[]> {
  return db
    .select({ ...candidateColumns, email: recipientEmail })
    .from(carts)
    .leftJoin(user, eq(user.id, carts.userId))
    .where(
      and(
        lte(carts.updatedAt, hoursBefore(now, idleHours)),
        gt(carts.updatedAt, hoursBefore(now, MAX_IDLE_DAYS * 24)),
        hasRecipient,
        stillAbandoned(carts.id, carts.updatedAt),
        sql`not ${alreadyReminded(1)}`,
        sql`not ${unsubscribed(recipientEmail)}`,
        sql`(${carts.userId} is not null or ${guestCapsAllow(carts.checkoutEmail, carts.checkoutClientIp, now)})`,
      ),
    )
    .limit(BATCH);
}

/**
 * Customers' carts reminded once a day ago, unchanged since, still unpaid, without a follow-up yet.
 * A guest gets one reminder at most (the address step promises it, decision 051).
 */
async function secondReminderCandidates(db: Db, now: Date): Promise<Candidate[]> {
  return db
    .select({ ...candidateColumns, email: cartReminders.email })
    .from(cartReminders)
    .innerJoin(carts, and(eq(carts.id, cartReminders.cartId), eq(cartReminders.cartUpdatedAt, cartVersion)))
    .leftJoin(user, eq(user.id, carts.userId))
    .where(
      and(
        eq(cartReminders.step, 1),
        isNotNull(carts.userId),
        lte(cartReminders.createdAt, hoursBefore(now, SECOND_REMINDER_AFTER_HOURS)),
        stillAbandoned(carts.id, carts.updatedAt),
        sql`not ${alreadyReminded(2)}`,
        sql`not ${unsubscribed(cartReminders.email)}`,
      ),
    )
    .limit(BATCH);
}

/** The code of the admin's coupon while it can still be used; null otherwise (no follow-up then). */
async function usableCouponCode(db: Db, couponId: string, now: Date): Promise<string | null> {
  const [coupon] = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.isActive, true),
        lte(coupons.validFrom, now),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    );
  return coupon?.code ?? null;
}

async function snapshotLines(db: Db, cartId: string): Promise<ReminderLine[]> {
  return db
    .select({
      productId: cartLines.productId,
      variantId: cartLines.variantId,
      productName: cartLines.productName,
      weight: cartLines.weight,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), isNotNull(cartLines.variantId)))
    .orderBy(cartLines.createdAt);
}

/**
 * Claims one reminder (the unique row: only one job run, on one instance, gets it) and queues its
 * email. A claim whose email never got queued (a crash in between) is not retried: never twice wins.
 */
async function remind(
  { db, mailer, linkSecret }: ReminderServices,
  candidate: Candidate,
  step: 1 | 2,
  couponCode: string | null,
  now: Date,
): Promise<boolean> {
  const lines = await snapshotLines(db, candidate.cartId);
  if (lines.length === 0) return false;
  const { guest, name: _name, ...row } = candidate;
  const claimed = await claimReminder(db, guest, { ...row, step, lines, couponCode, createdAt: now });
  if (!claimed) return false;
  const restoreToken = signLinkToken(linkSecret, "cart-restore", claimed.id, RESTORE_LINK_DAYS, now);
  // The shared marketing path adds the unsubscribe link, postal address and List-Unsubscribe headers.
  const outcome = await sendMarketingEmail(
    db,
    mailer,
    "customers",
    {
      to: candidate.email,
      subject: step === 1 ? "You left something in your cart" : "Still thinking it over? Here is a coupon",
      template: "abandoned-cart",
      props: {
        name: candidate.name,
        lines: lines.map(({ productName, weight, quantity }) => ({ productName, weight, quantity })),
        restoreUrl: `${mailer.publicUrl}/cart/restore/${restoreToken}`,
        couponCode,
      },
      dedupeKey: `cart-reminder:${claimed.id}`,
    },
    undefined,
    now,
  );
  return outcome === "queued";
}

/**
 * The abandoned-cart job (a cluster job: one instance per tick; the claim row makes even overlapping
 * runs send once). Returns how many reminders were queued.
 */
export async function sendCartReminders(services: ReminderServices, now = new Date()): Promise<number> {
  const settings = await getAbandonedCartSettings(services.db);
  // Without the postal address no marketing email may go (CAN-SPAM); /admin/marketing warns.
  if (!settings.enabled || !(await getMarketingPostalAddress(services.db))) return 0;
  let sent = 0;
  for (const candidate of await firstReminderCandidates(services.db, settings.idleHours, now)) {
    if (await remind(services, candidate, 1, null, now)) sent++;
  }
  const couponCode =
    settings.secondEnabled && settings.secondCouponId
      ? await usableCouponCode(services.db, settings.secondCouponId, now)
      : null;
  if (!couponCode) return sent;
  for (const candidate of await secondReminderCandidates(services.db, now)) {
    if (await remind(services, candidate, 2, couponCode, now)) sent++;
  }
  return sent;
}
