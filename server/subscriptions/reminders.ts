import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { REMINDER_LEAD_DAYS } from "../../core/orders/subscription-schedule.ts";
import { formatMoney } from "../../core/pricing/money.ts";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db } from "../db/client.ts";
import { subscriptionReminders, subscriptions, user } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { longDate, sendNotice } from "./notices.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many reminders a run; the rest go with the next run. */
const BATCH = 200;

type ReminderDeps = { db: Db; mailer: Pick<Mailer, "send">; publicUrl: string };

/**
 * The renewal reminder (decision 042), 3 days before each renewal that will be charged: running
 * subscriptions that are not ending and not paused. Each reminder is claimed by its row in
 * subscription_reminders (unique per subscription and renewal date) before the email is queued,
 * so several instances or runs send it once. Returns how many were sent.
 */
export async function sendRenewalReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ subscription: subscriptions, email: user.email })
    .from(subscriptions)
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        or(isNull(subscriptions.pausedUntil), lte(subscriptions.pausedUntil, now)),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + REMINDER_LEAD_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(BATCH);
  let sent = 0;
  for (const { subscription, email } of due) {
    const renewalAt = subscription.currentPeriodEnd!;
    const [claimed] = await deps.db
      .insert(subscriptionReminders)
      .values({ subscriptionId: subscription.id, renewalAt, email })
      .onConflictDoNothing()
      .returning({ id: subscriptionReminders.id });
    if (!claimed) continue;
    const total = formatMoney(renewalPrice(subscription).totalCents);
    await sendNotice(
      deps,
      subscription,
      "Your subscription renews in 3 days",
      [
        `Your subscription renews on ${longDate(renewalAt)}: we will charge ${total} and ship your items.`,
        "You can skip this delivery, pause, change your items or cancel online in one click before then.",
      ],
      { dedupeKey: `subscription-reminder:${claimed.id}`, cancelLink: true },
    );
    sent++;
  }
  return sent;
}
