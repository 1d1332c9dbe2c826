import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { subscriptions } from "./orders.ts";

export const subscriptionActor = pgEnum("subscription_actor", ["customer", "admin", "system"]);

/**
 * The history of one subscription (decision 042): who changed what, with the row's relevant fields
 * before and after. Written in the same transaction as the change, so the history never disagrees
 * with the row.
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    actor: subscriptionActor("actor").notNull(),
    /** skip | pause | resume | change_items | cancel | reminder … */
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_events_subscription_idx").on(t.subscriptionId, t.createdAt.desc())],
);

/**
 * One row per renewal reminder (3 days before a renewal). The unique index is the claim: whichever
 * job run inserts the row sends the email, so a renewal is announced once across instances.
 */
export const subscriptionReminders = pgTable(
  "subscription_reminders",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The renewal announced: the period end it falls on. */
    renewalAt: timestamp("renewal_at", { withTimezone: true }).notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subscription_reminders_once_idx").on(t.subscriptionId, t.renewalAt)],
);
