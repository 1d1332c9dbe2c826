import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

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
    const count = rowCount(deleted);
    total += count;
    if (count < PRUNE_BATCH) return total;
  }
}

function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}
