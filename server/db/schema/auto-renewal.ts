import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { orders, type SubscriptionItem, subscriptions } from "./orders.ts";

/**
 * The buyer's consent to the automatic-renewal terms (California ARL, ROSCA; decision 046): the
 * exact text shown next to the pay button, its version and hash, when, from which IP address and
 * browser, with the order it came with and, once fulfilment starts it, the subscription. Kept at
 * least three years: no job deletes it, and it holds no name or email (a privacy deletion keeps it).
 */
export const renewalConsents = pgTable(
  "renewal_consents",
  {
    id: id(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    termsVersion: text("terms_version").notNull(),
    termsText: text("terms_text").notNull(),
    /** sha256 of termsText, hex: what the page posted back with the ticked box. */
    termsHash: text("terms_hash").notNull(),
    /** The policy pages' versions in force (filled once versioned policies exist). */
    policyVersions: jsonb("policy_versions").$type<Record<string, number>>(),
    clientIp: text("client_ip"),
    userAgent: text("user_agent"),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("renewal_consents_order_idx").on(t.orderId),
    index("renewal_consents_subscription_idx").on(t.subscriptionId),
  ],
);

/**
 * A new monthly price for one subscription, applied at the first renewal on or after
 * `effective_at`, announced 7–30 days before. At most one waiting change per subscription.
 */
export const subscriptionPriceChanges = pgTable(
  "subscription_price_changes",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The subscribed items at their new unit prices (they replace the subscription's items). */
    newItems: jsonb("new_items").$type<SubscriptionItem[]>().notNull(),
    oldMonthlyCents: integer("old_monthly_cents").notNull(),
    newMonthlyCents: integer("new_monthly_cents").notNull(),
    noticeDays: integer("notice_days").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    /** When the notice is due: at once, or `notice_days` before a change more than 30 days away. */
    notifyAt: timestamp("notify_at", { withTimezone: true }).notNull(),
    noticeSentAt: timestamp("notice_sent_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_price_changes_waiting_idx")
      .on(t.subscriptionId)
      .where(sql`${t.appliedAt} is null`),
    check("subscription_price_changes_notice_days", sql`${t.noticeDays} between 7 and 30`),
  ],
);

/**
 * Each notice sent to a subscriber: automatic-renewal notices (price change, yearly reminder) and
 * the steps of a failed renewal (payment failed, past due, ended: server/subscriptions/dunning.ts).
 * The unique key (subscription, kind, period) makes each one once, across instances and retries.
 */
export const subscriptionNotices = pgTable(
  "subscription_notices",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["price_change", "yearly_reminder", "payment_failed", "past_due", "ended"],
    }).notNull(),
    /**
     * Which one: the price change's id, the subscription year ("year-1", "year-2" …), or the failed
     * attempt (the provider's invoice and attempt, or PayPal's failed payment time).
     */
    period: text("period").notNull(),
    /** What the notice said, in short (the amounts and dates), for the back office. */
    summary: text("summary").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("subscription_notices_once_idx").on(t.subscriptionId, t.kind, t.period)],
);
