import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/index.ts";
import { RateLimitedError } from "../errors.ts";

export type RateLimitRule = {
  /** Names the limited action and the client, e.g. `contact:203.0.113.7`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
};

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** What a client that went over a limit is told: the wait in words while it is short. */
export function rateLimitedMessage(retryAfterSeconds: number) {
  if (retryAfterSeconds <= 60) return "Too many attempts. Please wait a minute and try again.";
  if (retryAfterSeconds <= 15 * 60)
    return `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
  return "Too many attempts. Please try again later.";
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Contact form: enough for a person who retries, too few to flood the inbox. */
export const contactLimits = (ip: string): RateLimitRule[] => [
  { key: `contact:m:${ip}`, limit: 3, windowMs: MINUTE },
  { key: `contact:d:${ip}`, limit: 20, windowMs: DAY },
];

/** Validity lookups: checking the codes from 4-digit batch numbers one by one would take a bot months. */
export const validityLimits = (ip: string): RateLimitRule[] => [
  { key: `validity:m:${ip}`, limit: 10, windowMs: MINUTE },
  { key: `validity:d:${ip}`, limit: 100, windowMs: DAY },
];

/**
 * Search suggestions while typing: a few requests per word a shopper types (debounced in the
 * browser); the limit keeps a script from using them to read the catalog at the database's cost.
 */
export const suggestLimits = (ip: string): RateLimitRule[] => [
  { key: `suggest:m:${ip}`, limit: 60, windowMs: MINUTE },
  { key: `suggest:d:${ip}`, limit: 2000, windowMs: DAY },
];

/**
 * Coupon lookups at checkout: a shopper tries a few codes; guessing codes one by one is slowed to
 * a trickle (100 a day per address).
 */
export const couponLookupLimits = (ip: string): RateLimitRule[] => [
  { key: `coupon:m:${ip}`, limit: 10, windowMs: MINUTE },
  { key: `coupon:d:${ip}`, limit: 100, windowMs: DAY },
];

/**
 * The checkout's pay button (each press opens a payment session and an unpaid order): enough for a
 * shopper who retries after a declined card, too few to pile up unpaid orders.
 */
export const payLimits = (ip: string): RateLimitRule[] => [
  { key: `pay:m:${ip}`, limit: 6, windowMs: MINUTE },
  { key: `pay:d:${ip}`, limit: 60, windowMs: DAY },
];

/**
 * Order status links that lead nowhere (only misses count, decision 037): a guest who mistypes
 * a link is fine; walking a 256-bit token space is hopeless anyway, and this keeps it quiet.
 */
export const orderStatusMissLimits = (ip: string): RateLimitRule[] => [
  { key: `order-status:m:${ip}`, limit: 10, windowMs: MINUTE },
  { key: `order-status:d:${ip}`, limit: 100, windowMs: DAY },
];

// Rows older than this are deleted (the minute sweep); every window in use is at most this long.
const KEEP_MS = 24 * 60 * 60 * 1000;

const windowStartOf = (rule: RateLimitRule, now: Date) =>
  new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);

/**
 * Counts one hit and says whether it is within the limit, over a window that slides with the
 * clock (decision 050): the hits of the current clock-aligned window plus the previous window's,
 * weighted by how much of it the sliding window still covers. A client cannot get twice the limit
 * by bursting across a window boundary, as it could with fixed windows. The counters live in the
 * database (one atomic upsert per hit), so every app instance shares them.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowStart = windowStartOf(rule, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    // The previous window's count comes back with this one: one round trip per hit.
    .returning({ count: rateLimitHits.count, previous: previousWindowCount(rule, windowStart) });
  const { count: current, previous } = row!;
  const elapsed = (now.getTime() - windowStart.getTime()) / rule.windowMs;
  return slidingWindowResult(rule, { previous, current, elapsed });
}

/** The hits counted for `rule` in the window before `windowStart` (0 when none). */
function previousWindowCount(rule: RateLimitRule, windowStart: Date) {
  const previousStart = new Date(windowStart.getTime() - rule.windowMs).toISOString();
  return sql<number>`coalesce((select previous.count from ${rateLimitHits} as previous
    where previous.key = ${rule.key} and previous.window_start = ${previousStart}::timestamptz), 0)`.mapWith(
    Number,
  );
}

/**
 * The sliding estimate for `current` hits so far in this window, `previous` in the one before and
 * `elapsed` (0–1) of this window gone. When over, the wait is until one more hit would fit again
 * with no others meanwhile: the previous window fades out, then this one does.
 */
export function slidingWindowResult(
  rule: Pick<RateLimitRule, "limit" | "windowMs">,
  { previous, current, elapsed }: { previous: number; current: number; elapsed: number },
): RateLimitResult {
  const count = Math.ceil(current + previous * (1 - elapsed));
  if (count <= rule.limit) return { allowed: true, count, retryAfterSeconds: 0 };
  const room = rule.limit - 1;
  // In this window: previous × (1 − elapsed′) + current ≤ room. Else in the next: current × (1 − e″) ≤ room.
  const windowsToWait =
    current <= room ? 1 - (room - current) / previous - elapsed : 1 - elapsed + (1 - room / current);
  const waitMs = Math.round(windowsToWait * rule.windowMs);
  return { allowed: false, count, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Takes back one hit counted by `hitRateLimit` in the same window (for limits that count only
 * failures: the attempt is counted up front, so concurrent attempts cannot slip past the limit, and
 * handed back when it succeeded). Never goes below zero.
 */
export async function releaseRateLimitHit(db: Db, rule: RateLimitRule, now = new Date()) {
  const windowStart = windowStartOf(rule, now);
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(
        eq(rateLimitHits.key, rule.key),
        eq(rateLimitHits.windowStart, windowStart),
        gt(rateLimitHits.count, 0),
      ),
    );
}

/** Applies several rules (e.g. per minute and per day); allowed only when all allow. Every rule counts the hit. */
export async function hitRateLimits(
  db: Db,
  rules: RateLimitRule[],
  now = new Date(),
): Promise<RateLimitResult> {
  const results = [];
  for (const rule of rules) results.push(await hitRateLimit(db, rule, now));
  const denied = results.filter((r) => !r.allowed);
  if (denied.length === 0) return results[0] ?? { allowed: true, count: 0, retryAfterSeconds: 0 };
  return denied.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
}

/**
 * Deletes the windows that can no longer limit anything (started a day or more before `now`). The
 * minute sweep runs it (server/background.ts): done on a window's first hit instead, it was one
 * more statement for nearly every new shopper's payment, each shopper's first hit a first hit.
 */
export async function pruneRateLimitHits(db: Db, now: Date) {
  const olderThan = new Date(now.getTime() - KEEP_MS);
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, olderThan));
}

/** "3 minutes" / "40 seconds", for limit messages. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Counts the hit against every rule; over any of them, throws a RateLimitedError titled `title`. */
export async function enforceRateLimits(db: Db, rules: RateLimitRule[], title: string): Promise<void> {
  const limit = await hitRateLimits(db, rules);
  if (limit.allowed) return;
  throw new RateLimitedError(
    { title, description: rateLimitedMessage(limit.retryAfterSeconds) },
    limit.retryAfterSeconds,
  );
}
