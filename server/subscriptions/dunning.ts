import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatMoney } from "../../core/pricing/money.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, subscriptionNotices, subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaymentFailure } from "../payments/events.ts";
import { recordSubscriptionEvent } from "./events.ts";
import { longDate } from "./notices.ts";
import { subscriberContact } from "./subscriber.ts";

type Subscription = typeof subscriptions.$inferSelect;
type NoticeKind = "payment_failed" | "past_due" | "ended";

export type DunningDeps = { db: Db; mailer: Pick<Mailer, "send">; publicUrl: string };

/**
 * How long a PayPal subscription stays past due after PayPal's last retry before the shop ends it
 * (PayPal only suspends it; the owner may reactivate it at PayPal meanwhile).
 */
export const PAST_DUE_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One failed renewal charge, each step once (the notice's unique key is the claim, so a repeated
 * or re-sent event emails nobody twice): the subscriber is emailed "Payment failed — update your
 * card" with the link, the back office lists the notice on the subscription, and after the
 * provider's last retry the subscription is past due (emailed once more). Returns false for a
 * subscription we do not know.
 */
export async function recordPaymentFailure(deps: DunningDeps, failure: PaymentFailure, now = new Date()) {
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, failure.provider),
          eq(subscriptions.providerSubscriptionId, failure.providerSubscriptionId),
        ),
      )
      .for("update");
    if (!row) return null;
    const retry = failure.lastAttempt
      ? "no retry left"
      : `next try ${failure.nextRetryAt ? longDate(failure.nextRetryAt) : "in a few days"}`;
    const failed = await claimNotice(tx, row, "payment_failed", failure.attemptKey, now, {
      summary: `${formatMoney(failure.amountCents)} renewal payment failed; ${retry}`,
    });
    let pastDue: Subscription | null = null;
    if (failure.lastAttempt && row.status !== "canceled") {
      const claimedPastDue = await claimNotice(tx, row, "past_due", failure.attemptKey, now, {
        summary: "The provider's last retry failed: past due",
      });
      if (claimedPastDue) pastDue = await markPastDue(tx, row);
    }
    return { row, failed, pastDue };
  });
  if (!claimed) return false;
  if (claimed.failed) await sendFailedEmail(deps, claimed.row, failure);
  if (claimed.pastDue) {
    await sendStep(
      deps,
      claimed.pastDue,
      { kind: "past_due", period: failure.attemptKey },
      "Your subscription is past due",
      [
        "We could not take your subscription payment, and the last retry failed too. Your subscription is on hold: nothing ships until it is paid.",
        "Update your card from your subscription's page to keep it; otherwise it ends.",
      ],
    );
  }
  return true;
}

/** Inserts the step's notice; false when it was made already (the step ran before). */
async function claimNotice(
  tx: Tx,
  row: Subscription,
  kind: NoticeKind,
  period: string,
  now: Date,
  input: { summary: string },
): Promise<boolean> {
  const [notice] = await tx
    .insert(subscriptionNotices)
    .values({ subscriptionId: row.id, kind, period, summary: input.summary, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptionNotices.id });
  return Boolean(notice);
}

async function markPastDue(tx: Tx, row: Subscription): Promise<Subscription> {
  const [after] = await tx
    .update(subscriptions)
    .set({ status: "past_due" })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await recordSubscriptionEvent(tx, {
    subscriptionId: row.id,
    actor: "system",
    action: "past_due",
    before: row,
    after: after ?? row,
  });
  return after ?? row;
}

/**
 * Where a subscriber's payment emails go: the address of the subscription's latest paid order
 * (what they gave at checkout), else their account's.
 */
async function subscriberAddress(db: Db, row: Subscription) {
  const [order] = await db
    .select({ email: orders.email })
    .from(orders)
    .where(and(eq(orders.subscriptionId, row.id), eq(orders.paymentStatus, "paid")))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const account = await subscriberContact(db, row.userId);
  return { name: account.name || "there", email: order?.email || account.email };
}

/** A past-due or ended email: the notice template, linking to the subscription's page. */
async function sendStep(
  deps: DunningDeps,
  row: Subscription,
  step: { kind: NoticeKind; period: string },
  subject: string,
  paragraphs: string[],
) {
  const subscriber = await subscriberAddress(deps.db, row);
  if (!subscriber.email) return;
  await deps.mailer.send({
    to: subscriber.email,
    subject,
    template: "subscription-notice",
    props: {
      name: subscriber.name,
      heading: subject,
      paragraphs,
      manageUrl: `${deps.publicUrl}/account/subscriptions/${row.id}`,
      manageLabel: "Manage subscription",
    },
    dedupeKey: `dunning-${step.kind}:${row.id}:${step.period}`,
  });
}

async function sendFailedEmail(deps: DunningDeps, row: Subscription, failure: PaymentFailure) {
  const subscriber = await subscriberAddress(deps.db, row);
  if (!subscriber.email) return;
  const page = `${deps.publicUrl}/account/subscriptions/${row.id}`;
  await deps.mailer.send({
    to: subscriber.email,
    subject: "Payment failed — update your card",
    template: "payment-failed",
    props: {
      name: subscriber.name,
      amountCents: failure.amountCents,
      updateUrl: failure.updateUrl ?? page,
      payUrl: failure.payUrl ?? null,
      nextRetry: failure.lastAttempt
        ? null
        : failure.nextRetryAt
          ? `on ${longDate(failure.nextRetryAt)}`
          : "over the next few days",
      accountUrl: `${deps.publicUrl}/account`,
    },
    dedupeKey: `payment-failed:${row.id}:${failure.attemptKey}`,
  });
}

/**
 * The last step (the minute sweep): a subscription that went past due after failed payments and
 * has ended — the provider cancelled it (Stripe after its retries), or PAST_DUE_GRACE_MS went by
 * (`endAtProvider` ends a PayPal one there first) — is emailed "Your subscription has ended" once.
 * Returns how many ended.
 */
export async function endUnpaidSubscriptions(
  deps: DunningDeps & { endAtProvider: (row: Subscription) => Promise<void> },
  now = new Date(),
): Promise<number> {
  for (const row of await overduePaypal(deps.db, now)) {
    await deps.endAtProvider(row);
    await deps.db.transaction(async (tx) => {
      const [after] = await tx
        .update(subscriptions)
        .set({ status: "canceled", canceledAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, "past_due")))
        .returning();
      if (after)
        await recordSubscriptionEvent(tx, {
          subscriptionId: row.id,
          actor: "system",
          action: "ended_unpaid",
          before: row,
          after,
        });
    });
  }
  let ended = 0;
  for (const row of await endedUnannounced(deps.db)) {
    const claimed = await deps.db.transaction((tx) =>
      claimNotice(tx, row, "ended", "unpaid", now, { summary: "Ended after failed payments" }),
    );
    if (!claimed) continue;
    ended++;
    await sendStep(deps, row, { kind: "ended", period: "unpaid" }, "Your subscription has ended", [
      "We could not take your subscription payment after several tries, so your subscription has ended. You will not be charged again.",
      "You are welcome to subscribe again at any time.",
    ]);
  }
  return ended;
}

const pastDueNotice = alias(subscriptionNotices, "past_due_notice");
const endedNotice = alias(subscriptionNotices, "ended_notice");

/** PayPal subscriptions past due after failed payments for longer than the grace period. */
function overduePaypal(db: Db, now: Date) {
  return db
    .selectDistinctOn([subscriptions.id], { row: subscriptions })
    .from(subscriptions)
    .innerJoin(
      pastDueNotice,
      and(eq(pastDueNotice.subscriptionId, subscriptions.id), eq(pastDueNotice.kind, "past_due")),
    )
    .where(
      and(
        eq(subscriptions.provider, "paypal"),
        eq(subscriptions.status, "past_due"),
        lte(pastDueNotice.sentAt, new Date(now.getTime() - PAST_DUE_GRACE_MS)),
      ),
    )
    .limit(50)
    .then((rows) => rows.map((r) => r.row));
}

/** Ended subscriptions that were past due after failed payments and were not told yet. */
function endedUnannounced(db: Db) {
  return db
    .selectDistinctOn([subscriptions.id], { row: subscriptions })
    .from(subscriptions)
    .innerJoin(
      pastDueNotice,
      and(eq(pastDueNotice.subscriptionId, subscriptions.id), eq(pastDueNotice.kind, "past_due")),
    )
    .leftJoin(
      endedNotice,
      and(eq(endedNotice.subscriptionId, subscriptions.id), eq(endedNotice.kind, "ended")),
    )
    .where(and(eq(subscriptions.status, "canceled"), isNull(endedNotice.id)))
    .limit(50)
    .then((rows) => rows.map((r) => r.row));
}
