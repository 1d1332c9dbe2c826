import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { cartReminders, carts } from "../db/schema/index.ts";

/**
 * Anyone can type anyone's address on the checkout's address step, so a guest's reminder is mail
 * to an address nobody proved (decision 051): one reminder per address per period, whichever cart
 * (or client) typed it, and a few per client a day however many addresses it types.
 */
export const GUEST_REMINDER_PERIOD_DAYS = 30;
export const GUEST_REMINDERS_PER_CLIENT_PER_DAY = 3;

const DAY_MS = 86_400_000;
const since = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** SQL: a reminder to the guest address `email`, typed from `clientIp` (null: unknown), is within the caps. */
export function guestCapsAllow(email: SQL | AnyPgColumn, clientIp: SQL | AnyPgColumn, now: Date): SQL {
  return sql`(not exists (
      select 1 from ${cartReminders} r
      where lower(r.email) = lower(${email}::text) and r.created_at > ${since(now, GUEST_REMINDER_PERIOD_DAYS)}::timestamptz)
    and (${clientIp}::text is null or (
      select count(*) from ${cartReminders} r
      where r.client_ip = ${clientIp}::text and r.created_at > ${since(now, 1)}::timestamptz
    ) < ${GUEST_REMINDERS_PER_CLIENT_PER_DAY}))`;
}

type ReminderRow = typeof cartReminders.$inferInsert & { createdAt: Date };

/**
 * Inserts the reminder's claim row (the unique index makes it once per abandonment) and returns
 * its id, or undefined when it is not to be sent. A guest's claim re-checks the caps under one
 * lock, so the carts of one batch (or two overlapping runs) cannot each mail the same address.
 */
export async function claimReminder(db: Db, guest: boolean, row: ReminderRow) {
  if (!guest) return insertClaim(db, row);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('guest-cart-reminders'))`);
    const [allowed] = await tx
      .select({ ok: guestCapsAllow(sql`${row.email}`, sql`${row.clientIp ?? null}`, row.createdAt) })
      .from(carts)
      .where(eq(carts.id, row.cartId));
    if (!allowed?.ok) return undefined;
    return insertClaim(tx, row);
  });
}

async function insertClaim(db: Pick<Db, "insert">, row: ReminderRow) {
  const [claimed] = await db
    .insert(cartReminders)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: cartReminders.id });
  return claimed;
}
