import type { Db } from "../db/client.ts";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/rate-limit.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A customer's export and delete forms (each checks the password): a person who mistypes retries a
 * few times; a stolen session cannot guess the password or pull exports in a loop.
 */
export const privacyLimits = (userId: string, ip: string): RateLimitRule[] => [
  { key: `privacy:m:${userId}`, limit: 5, windowMs: 15 * MINUTE },
  { key: `privacy:d:${userId}`, limit: 20, windowMs: DAY },
  { key: `privacy:ip:${ip}`, limit: 30, windowMs: DAY },
];

export function checkPrivacyRateLimit(db: Db, userId: string, ip: string) {
  return enforceRateLimits(db, privacyLimits(userId, ip), "Too many attempts");
}
