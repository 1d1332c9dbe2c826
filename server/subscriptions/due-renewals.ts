import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { renewSubscription } from "./renew.ts";

/** At most this many renewals per run; the rest wait for the next run of the loop. */
const BATCH = 100;

/**
 * The sandbox's "monthly renewal": renews (or, when cancelled at period end, ends) every active
 * sandbox subscription whose period is over. Real providers bill by themselves and tell us by
 * webhook. Several runs at once (two server instances) renew each period once: renewSubscription
 * re-checks the period end under the row lock. Returns how many renewal orders were made.
 */
export async function renewDueSandboxSubscriptions(
  db: Db,
  mailer: Pick<Mailer, "send">,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "sandbox"),
        eq(subscriptions.status, "active"),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(BATCH);
  let renewed = 0;
  for (const { id } of due) {
    const result = await renewSubscription(db, mailer, id, now, { onlyWhenDue: true });
    if (result.ok) renewed++;
  }
  return renewed;
}

/**
 * In a shop with real payment keys the sandbox is off (server/payments/registry.ts), so a test-mode
 * subscription (made in the demo) can never be paid again: at its period end it ends instead of
 * renewing, so no "paid" order is made without money. Returns how many ended.
 */
export async function endDueSandboxSubscriptions(db: Db, now = new Date()): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: now })
    .where(
      and(
        eq(subscriptions.provider, "sandbox"),
        eq(subscriptions.status, "active"),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ id: subscriptions.id });
  return ended.length;
}
