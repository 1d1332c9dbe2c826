import type { Db } from "../db/client.ts";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/rate-limit.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Review submissions: one review per product caps a customer anyway; this slows a script that
 * walks products or accounts from one address (per account and per client address).
 */
export const reviewLimits = (userId: string, ip: string): RateLimitRule[] => [
  { key: `review:m:${ip}`, limit: 5, windowMs: MINUTE },
  { key: `review:d:${ip}`, limit: 30, windowMs: DAY },
  { key: `review:u:${userId}`, limit: 20, windowMs: DAY },
];

export function checkReviewRateLimit(db: Db, userId: string, ip: string) {
  return enforceRateLimits(db, reviewLimits(userId, ip), "Review not sent");
}
