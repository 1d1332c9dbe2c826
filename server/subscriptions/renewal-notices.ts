import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { priceChangeNotice, renewalDate } from "../../core/legal/auto-renewal.ts";
import { subscriptionTermsOf } from "../../core/orders/subscription-terms-text.ts";
import { formatMoney } from "../../core/pricing/money.ts";
import type { Db } from "../db/client.ts";
import { subscriptionNotices, subscriptionPriceChanges, subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { subscriberContact } from "./subscriber.ts";

export type NoticeMailer = Pick<Mailer, "send"> & Partial<Pick<Mailer, "publicUrl">>;
type Subscription = typeof subscriptions.$inferSelect;
type Notice = {
  kind: "price_change" | "yearly_reminder";
  /** Which one (the unique key with the subscription and kind). */
  period: string;
  subject: string;
  paragraphs: string[];
  summary: string;
};

/** At most this many notices of a kind per run; the rest go on the next run. */
const BATCH = 100;

/**
 * Emails one automatic-renewal notice and records it. The outbox's dedupe key and the notice's
 * unique key make it once, however many instances or retries send it.
 */
async function sendNotice(
  db: Db,
  mailer: NoticeMailer,
  subscription: Subscription,
  notice: Notice,
  now: Date,
) {
  const { name, email } = await subscriberContact(db, subscription.userId);
  if (email) {
    await mailer.send({
      to: email,
      subject: notice.subject,
      template: "renewal-notice",
      dedupeKey: `renewal-notice:${subscription.id}:${notice.kind}:${notice.period}`,
      props: {
        name,
        kind: notice.kind,
        paragraphs: notice.paragraphs,
        terms: subscriptionTermsOf(subscription, mailer.publicUrl),
      },
    });
  }
  await db
    .insert(subscriptionNotices)
    .values({ subscriptionId: subscription.id, ...notice, sentAt: now })
    .onConflictDoNothing();
}

/** The notice of one scheduled price change (at once, or when the sweep finds it due). */
export async function sendPriceChangeNotice(db: Db, mailer: NoticeMailer, changeId: string, now: Date) {
  const [row] = await db
    .select({ change: subscriptionPriceChanges, subscription: subscriptions })
    .from(subscriptionPriceChanges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPriceChanges.subscriptionId))
    .where(eq(subscriptionPriceChanges.id, changeId));
  if (!row || row.change.noticeSentAt) return;
  const { change, subscription } = row;
  const amounts = { oldCents: change.oldMonthlyCents, newCents: change.newMonthlyCents };
  await sendNotice(
    db,
    mailer,
    subscription,
    {
      kind: "price_change",
      period: change.id,
      subject: `Your subscription price changes on ${renewalDate(change.effectiveAt)}`,
      paragraphs: priceChangeNotice({ ...amounts, effective: change.effectiveAt }),
      summary: `${formatMoney(amounts.oldCents)} → ${formatMoney(amounts.newCents)} a month from ${renewalDate(change.effectiveAt)}`,
    },
    now,
  );
  await db
    .update(subscriptionPriceChanges)
    .set({ noticeSentAt: now })
    .where(and(eq(subscriptionPriceChanges.id, change.id), isNull(subscriptionPriceChanges.noticeSentAt)));
}

/** Price change notices whose day has come (changes scheduled more than 30 days ahead). */
export async function sendDuePriceChangeNotices(db: Db, mailer: NoticeMailer, now: Date): Promise<number> {
  const due = await db
    .select({ id: subscriptionPriceChanges.id })
    .from(subscriptionPriceChanges)
    .where(
      and(
        isNull(subscriptionPriceChanges.noticeSentAt),
        isNull(subscriptionPriceChanges.appliedAt),
        lte(subscriptionPriceChanges.notifyAt, now),
      ),
    )
    .orderBy(asc(subscriptionPriceChanges.notifyAt))
    .limit(BATCH);
  for (const { id } of due) await sendPriceChangeNotice(db, mailer, id, now);
  return due.length;
}

/**
 * The yearly reminder of the terms: each active subscription on each anniversary of its start
 * (year 1, 2, …) that has no reminder for that year yet.
 */
export async function sendYearlyReminders(db: Db, mailer: NoticeMailer, now: Date): Promise<number> {
  const years = sql<number>`extract(year from age(${now.toISOString()}::timestamptz, ${subscriptions.createdAt}))::int`;
  const due = await db
    .select({ subscription: subscriptions, years })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.createdAt, sql`${now.toISOString()}::timestamptz - interval '1 year'`),
        sql`not exists (select 1 from ${subscriptionNotices} n where n.subscription_id = ${subscriptions.id}
          and n.kind = 'yearly_reminder' and n.period = 'year-' || ${years})`,
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(BATCH);
  for (const { subscription, years: year } of due) {
    await sendNotice(
      db,
      mailer,
      subscription,
      {
        kind: "yearly_reminder",
        period: `year-${year}`,
        subject: "A yearly reminder of your subscription",
        paragraphs: [],
        summary: `Year ${year}: terms, price and cancellation reminded`,
      },
      now,
    );
  }
  return due.length;
}

/** The minute sweep's step: due price change notices, then yearly reminders. */
export async function sendDueRenewalNotices(db: Db, mailer: NoticeMailer, now = new Date()) {
  await sendDuePriceChangeNotices(db, mailer, now);
  await sendYearlyReminders(db, mailer, now);
}
