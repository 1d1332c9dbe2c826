import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { decodeOrderKey, encodeOrderKey } from "../db/order-cursor.ts";
import { webhookEvents, webhookOutcome } from "../db/schema/index.ts";

export const WEBHOOK_PAGE_SIZE = 25;

/** The list's filters from the URL; anything else is refused with a message, never a 500. */
export const webhookFilterSchema = z.object({
  provider: z.enum(["stripe", "paypal"], { error: "Provider must be Stripe or PayPal." }).optional(),
  type: z
    .string()
    .trim()
    .max(100, { error: "Event type is at most 100 characters." })
    .regex(/^[A-Za-z0-9._-]*$/, {
      error: "Event type has letters, digits, dots, dashes and underscores only.",
    })
    .optional(),
  outcome: z
    .enum(webhookOutcome.enumValues, { error: "Outcome must be processed, ignored or failed." })
    .optional(),
  /** The "Older events" link: the position of the page's last event. */
  after: z.string().max(200).optional(),
});
export type WebhookFilter = z.infer<typeof webhookFilterSchema>;

const listColumns = {
  id: webhookEvents.id,
  provider: webhookEvents.provider,
  eventId: webhookEvents.eventId,
  type: webhookEvents.type,
  outcome: webhookEvents.outcome,
  error: webhookEvents.error,
  receivedAt: webhookEvents.receivedAt,
  deliveries: webhookEvents.deliveries,
  attempts: webhookEvents.attempts,
  replayedAt: webhookEvents.replayedAt,
};

/**
 * One page of the event log, newest first, read as a keyset seek on (received_at, id) — the
 * position travels in the "Older events" link, as in the order list (decision 006).
 */
export async function listWebhookEvents(db: Db, filter: WebhookFilter, pageSize = WEBHOOK_PAGE_SIZE) {
  const after = decodeOrderKey(filter.after);
  const where = and(
    filter.provider ? eq(webhookEvents.provider, filter.provider) : undefined,
    filter.type ? eq(webhookEvents.type, filter.type) : undefined,
    filter.outcome ? eq(webhookEvents.outcome, filter.outcome) : undefined,
    after ? olderThan(after.createdAt, after.id) : undefined,
  );
  const rows = await db
    .select({ ...listColumns, key: sql<string>`${webhookEvents.receivedAt}::text` })
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next = rows.length > pageSize && last ? encodeOrderKey({ createdAt: last.key, id: last.id }) : null;
  return { events: page.map(({ key: _key, ...event }) => event), next };
}

function olderThan(receivedAt: string, id: string): SQL {
  return sql`(${webhookEvents.receivedAt}, ${webhookEvents.id}) < (${receivedAt}::timestamptz, ${id}::uuid)`;
}

/** One event with its payload pretty-printed, or null. */
export async function getWebhookEvent(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...listColumns,
      payload: webhookEvents.payload,
      payloadBytes: webhookEvents.payloadBytes,
      lastReceivedAt: webhookEvents.lastReceivedAt,
      handledAt: webhookEvents.handledAt,
    })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id));
  if (!row) return null;
  const { payload, ...event } = row;
  return { ...event, payloadText: payload === null ? null : JSON.stringify(payload, null, 2) };
}
