import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/index.ts";

export type RateLimitRule = { max: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window and says whether it is within `max`.
 * The count lives in the database (one upsert, atomic), so every app instance shares it.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { max, windowSeconds }: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: (row?.count ?? 1) <= max, retryAfterSeconds };
}

/** Deletes windows that ended long ago (run periodically). */
export async function pruneRateLimitHits(db: Db, olderThan = new Date(Date.now() - 24 * 60 * 60 * 1000)) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, olderThan));
}

/** "Please wait 3 minutes" / "Please wait 40 seconds", for limit messages. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
