import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

export const mailStatus = pgEnum("mail_status", ["pending", "sent", "failed", "stored"]);

/**
 * Every email the shop sends. Without SMTP a message is only stored here (status 'stored')
 * and admins read it at /admin/emails; with SMTP it is delivered and the row records the outcome.
 * A message is stored as template + props first and rendered after the request has been answered
 * (html and text stay null until then).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html"),
    text: text("text"),
    template: text("template").notNull(),
    props: jsonb("props"),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set for a message that must exist at most once (e.g. one confirmation per paid order). */
    dedupeKey: text("dedupe_key"),
    /** Extra SMTP headers (List-Unsubscribe on marketing mail, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("mail_outbox_created_at_idx").on(t.createdAt.desc()),
    index("mail_outbox_to_idx").on(t.to),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_unrendered_idx").on(t.createdAt).where(sql`${t.html} is null`),
  ],
);

/** Fixed-window request counters for rate limits (contact form, validity lookups, …), shared by all instances. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_hits_window_idx").on(t.windowStart),
  ],
);

/**
 * Facts about the shop's database itself, one row a key. `demo` marks a database filled by the demo
 * seed (server/seed/demo-marker.ts): only there does the shop create a demo admin and print
 * sign-in links to the console.
 */
export const shopFacts = pgTable("shop_facts", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: createdAt(),
});
