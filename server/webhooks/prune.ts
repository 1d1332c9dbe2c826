import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";

/** Rows deleted per statement, so a big backlog never holds a long lock. */
const PRUNE_BATCH = 5000;

/**
 * Deletes events received more than `retentionDays` ago (the background job `prune-webhook-events`).
 * After that the providers no longer retry them, and their payloads hold buyers' personal data.
 * Returns how many rows went.
 */
export async function pruneWebhookEvents(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await db.execute<{ id: string }>(sql`
      delete from webhook_events where id in (
        select id from webhook_events where received_at < ${cutoff.toISOString()}::timestamptz limit ${PRUNE_BATCH}
      ) returning id`);
    const count = rowsOf(deleted).length;
    total += count;
    if (count < PRUNE_BATCH) return total;
  }
}
