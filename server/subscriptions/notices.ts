import { eq } from "drizzle-orm";
import { formatMoney } from "../../core/pricing/money.ts";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db } from "../db/client.ts";
import { type subscriptions, user } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SubscriptionNoticeProps } from "../mail/templates/subscription-notice.tsx";

type Subscription = typeof subscriptions.$inferSelect;
export type ChangeAction = "skip" | "pause" | "resume" | "change_items" | "cancel";

type NoticeDeps = { db: Db; mailer: Pick<Mailer, "send">; publicUrl: string };

const day = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
export const longDate = (date: Date | null) => (date ? day.format(date) : "the next renewal");

const itemsLine = (row: Subscription) =>
  row.items
    .map((item) => `${item.name}${item.weight ? ` (${item.weight})` : ""} × ${item.quantity}`)
    .join(", ");

/** Subject, heading and sentences of each change's email (the texts live here, not in a component). */
function noticeFor(action: ChangeAction, row: Subscription): { subject: string; paragraphs: string[] } {
  const monthly = formatMoney(renewalPrice(row).totalCents);
  const until = longDate(row.pausedUntil);
  switch (action) {
    case "skip":
      return {
        subject: "Your next delivery is skipped",
        paragraphs: [
          `We skipped your next delivery: you will not be charged for it. Your subscription renews again on ${until}.`,
        ],
      };
    case "pause":
      return {
        subject: "Your subscription is paused",
        paragraphs: [
          `Your subscription is paused: no charges and no deliveries until ${until}, when it renews by itself. You can resume earlier from your account.`,
        ],
      };
    case "resume":
      return {
        subject: "Your subscription is active again",
        paragraphs: [
          `Your subscription is active again. Next renewal: ${longDate(row.currentPeriodEnd)}, ${monthly}.`,
        ],
      };
    case "change_items":
      return {
        subject: "Your subscription items changed",
        paragraphs: [
          `From your next renewal you receive ${itemsLine(row)} for ${monthly} a month (tax included).`,
        ],
      };
    case "cancel":
      return {
        subject: "Your subscription is cancelled",
        paragraphs: [
          "Your subscription is cancelled as of today. You will not be charged again.",
          "An order you have already paid for still ships as usual.",
        ],
      };
  }
}

/** The email telling the subscriber what changed (to their account address). */
export async function sendChangeNotice(
  deps: NoticeDeps,
  action: ChangeAction,
  row: Subscription,
): Promise<void> {
  const notice = noticeFor(action, row);
  await sendNotice(deps, row, notice.subject, notice.paragraphs, {
    dedupeKey: `subscription-${action}:${row.id}:${row.updatedAt.getTime()}`,
  });
}

/** One subscription email: looks up the subscriber, links to the subscription's own page. */
export async function sendNotice(
  deps: NoticeDeps,
  row: Subscription,
  subject: string,
  paragraphs: string[],
  options: { dedupeKey?: string; cancelLink?: boolean } = {},
): Promise<boolean> {
  const [subscriber] = await deps.db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, row.userId));
  if (!subscriber?.email) return false;
  const page = `${deps.publicUrl}/account/subscriptions/${row.id}`;
  const props: SubscriptionNoticeProps = {
    name: subscriber.name || "there",
    heading: subject,
    paragraphs,
    manageUrl: options.cancelLink ? `${page}/cancel` : page,
    manageLabel: options.cancelLink ? "Manage or cancel" : "Manage subscription",
  };
  await deps.mailer.send({
    to: subscriber.email,
    subject,
    template: "subscription-notice",
    props,
    ...(options.dedupeKey && { dedupeKey: options.dedupeKey }),
  });
  return true;
}
