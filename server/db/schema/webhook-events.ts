import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id } from "./columns.ts";

/** What our handler made of an event; null while the first run is under way. */
export const webhookOutcome = pgEnum("webhook_outcome", ["processed", "ignored", "failed"]);

/**
 * The provider webhook event log (decision 039): every signature-verified event from Stripe and
 * PayPal, one row per provider event id (a repeated delivery updates it), with its payload for the
 * admin screen and for a replay. An event whose outcome is processed or ignored is not handled
 * again on redelivery; a failed one is. Pruned after `WEBHOOK_EVENT_RETENTION_DAYS`.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The verified body as JSON; null when it was larger than the cap (then it cannot be replayed). */
    payload: jsonb("payload"),
    payloadBytes: integer("payload_bytes").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    lastReceivedAt: timestamp("last_received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Deliveries by the provider (retries and duplicates included). */
    deliveries: integer("deliveries").notNull().default(1),
    /** Runs of our handler: deliveries that were handled plus replays. */
    attempts: integer("attempts").notNull().default(0),
    outcome: webhookOutcome("outcome"),
    error: text("error"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** The last replay from the admin screen. */
    replayedAt: timestamp("replayed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_events_provider_event_idx").on(t.provider, t.eventId),
    // The admin list, newest first (NULLS FIRST is what a plain ORDER BY … DESC means; only a
    // matching index serves it), and the retention prune.
    index("webhook_events_received_idx").on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("webhook_events_type_idx").on(t.type, t.receivedAt.desc().nullsFirst()),
    index("webhook_events_outcome_idx").on(t.outcome, t.receivedAt.desc().nullsFirst()),
  ],
);
