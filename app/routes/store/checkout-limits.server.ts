import { data } from "react-router";
import { actionToast } from "~core/toast.ts";
import type { RequestContext } from "~server/context.ts";
import { hitRateLimits, type RateLimitRule, rateLimitedMessage } from "~server/rate-limit/rate-limit.ts";

/**
 * Counts one checkout attempt (coupon lookup or pay) for the client's address. Over the limit it
 * returns the action's 429 answer — a 'Too Many Attempts' toast, nothing applied, the page and what
 * was typed kept — otherwise null.
 */
export async function refuseOverLimit(context: RequestContext, rules: (ip: string) => RateLimitRule[]) {
  const limit = await hitRateLimits(context.database.db, rules(context.clientIp));
  if (limit.allowed) return null;
  const toast = actionToast({
    title: "Too Many Attempts",
    description: rateLimitedMessage(limit.retryAfterSeconds),
    variant: "destructive",
  });
  return data(
    { toast, applied: null },
    { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
  );
}
