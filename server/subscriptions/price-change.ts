import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { PriceChangeForm } from "../../core/forms/price-change-form.ts";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { subscriptionPriceChanges, subscriptions } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { trackedSubscription } from "./audit.ts";
import { type NoticeMailer, sendPriceChangeNotice } from "./renewal-notices.ts";
import { addMonth } from "./renewal-order.ts";

type Subscription = typeof subscriptions.$inferSelect;
export type PriceChange = typeof subscriptionPriceChanges.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest notice the law allows before a change (California ARL: 7 to 30 days). */
const LATEST_NOTICE_DAYS = 30;
/** The shortest: a change is never applied with less notice than this. */
const EARLIEST_NOTICE_DAYS = 7;

/** The first renewal at least `noticeDays` from now: renewals fall on the period end, month after month. */
export function firstRenewalAfter(periodEnd: Date | null, noticeDays: number, now: Date): Date {
  const earliest = new Date(now.getTime() + noticeDays * DAY_MS);
  let renewal = periodEnd ?? now;
  while (renewal < earliest) renewal = addMonth(renewal);
  return renewal;
}

/**
 * When the notice goes: at once when the change is at most 30 days away, otherwise `noticeDays`
 * before it (the minute sweep sends it then), so it always arrives 7–30 days ahead.
 */
export function noticeDate(effectiveAt: Date, noticeDays: number, now: Date): Date {
  if (effectiveAt.getTime() - now.getTime() <= LATEST_NOTICE_DAYS * DAY_MS) return now;
  return new Date(effectiveAt.getTime() - noticeDays * DAY_MS);
}

/**
 * Schedules a new monthly price for an active subscription (the back office): the items at their
 * new unit prices from the first renewal at least `noticeDays` away, one waiting change at a time.
 * The subscriber is told at once when that is within 30 days (else when it is). Returns the change.
 */
export async function schedulePriceChange(
  db: Db,
  mailer: NoticeMailer,
  input: PriceChangeForm & { subscriptionId: string; adminId: string | null; now?: Date },
): Promise<PriceChange> {
  const now = input.now ?? new Date();
  const change = await db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, input.subscriptionId))
      .for("update");
    if (!subscription) throw new NotFoundError({ title: "Subscription not found" });
    refuseUnlessChangeable(subscription, input.unitPrices);
    const newItems = subscription.items.map((item, i) => ({ ...item, unitPriceCents: input.unitPrices[i]! }));
    const oldMonthlyCents = renewalPrice(subscription).totalCents;
    const newMonthlyCents = renewalPrice({ ...subscription, items: newItems }).totalCents;
    if (newMonthlyCents === oldMonthlyCents)
      throw new InvalidInputError({ title: "Price unchanged", description: "Enter a different price." });
    const effectiveAt = firstRenewalAfter(subscription.currentPeriodEnd, input.noticeDays, now);
    const [row] = await tx
      .insert(subscriptionPriceChanges)
      .values({
        subscriptionId: subscription.id,
        newItems,
        oldMonthlyCents,
        newMonthlyCents,
        noticeDays: input.noticeDays,
        effectiveAt,
        notifyAt: noticeDate(effectiveAt, input.noticeDays, now),
        createdBy: input.adminId,
        createdAt: now,
      })
      // The partial unique index: one waiting change per subscription, even for two posts at once.
      .onConflictDoNothing()
      .returning();
    if (!row) throw alreadyScheduled();
    await recordChange(tx, {
      entityType: trackedSubscription.entityType,
      entityId: subscription.id,
      entityLabel: trackedSubscription.label(subscription),
      action: "price-change",
      before: { monthlyCents: oldMonthlyCents },
      after: { monthlyCents: newMonthlyCents },
      details: { effectiveAt, noticeDays: input.noticeDays },
    });
    return row;
  });
  if (change.notifyAt > now) return change;
  await sendPriceChangeNotice(db, mailer, change.id, now);
  return { ...change, noticeSentAt: now };
}

const alreadyScheduled = () =>
  new ConflictError({
    title: "A price change is already scheduled",
    description: "This subscription already has a price change waiting for its renewal.",
  });

function refuseUnlessChangeable(subscription: Subscription, unitPrices: number[]) {
  if (subscription.status !== "active" || subscription.cancelAtPeriodEnd)
    throw new ConflictError({
      title: "Subscription not active",
      description: "Only an active subscription that is not ending can get a new price.",
    });
  if (unitPrices.length !== subscription.items.length)
    throw new InvalidInputError(
      { title: "Please check the prices", description: "Enter one new price for each item." },
      { unitPrices: ["Enter one new price for each item"] },
    );
}

/**
 * At a renewal (under the subscription's row lock): a change whose date has come and whose notice
 * went out at least 7 days before it replaces the items' prices, so this renewal and the next
 * ones charge the new price. Returns the subscription as the renewal must bill it.
 */
export async function applyDuePriceChange(
  tx: Tx,
  subscription: Subscription,
  renewalAt: Date,
  now: Date,
): Promise<Subscription> {
  const [change] = await tx
    .update(subscriptionPriceChanges)
    .set({ appliedAt: now })
    .where(
      and(
        eq(subscriptionPriceChanges.subscriptionId, subscription.id),
        isNull(subscriptionPriceChanges.appliedAt),
        lte(subscriptionPriceChanges.effectiveAt, renewalAt),
        isNotNull(subscriptionPriceChanges.noticeSentAt),
        sql`${subscriptionPriceChanges.noticeSentAt} <= ${subscriptionPriceChanges.effectiveAt} - ${EARLIEST_NOTICE_DAYS} * interval '1 day'`,
      ),
    )
    .returning();
  if (!change) return subscription;
  const [updated] = await tx
    .update(subscriptions)
    .set({ items: change.newItems, monthlyTotalCents: change.newMonthlyCents })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  return updated!;
}
