import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { describeWait, hitRateLimit, type RateLimitRule } from "../rate-limit/rate-limit.ts";

/** The header http.ts sets from the socket (or trusted proxy); clients cannot supply it. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

type Limit = Omit<RateLimitRule, "key">;
type EndpointLimits = { client: Limit; account?: Limit };

const minutes = (n: number) => n * 60_000;

/**
 * Brute-force limits per client (IP) and per account (the email in the request) on the endpoints
 * that check a secret or send mail. Generous enough for a person who mistypes, tight enough to make
 * guessing passwords or flooding inboxes useless.
 */
export const authRateLimits: Record<string, EndpointLimits> = {
  "/sign-in/email": {
    client: { limit: 30, windowMs: minutes(10) },
    account: { limit: 10, windowMs: minutes(15) },
  },
  "/sign-up/email": {
    client: { limit: 10, windowMs: minutes(60) },
    account: { limit: 5, windowMs: minutes(60) },
  },
  "/request-password-reset": {
    client: { limit: 10, windowMs: minutes(60) },
    account: { limit: 5, windowMs: minutes(60) },
  },
  "/send-verification-email": {
    client: { limit: 10, windowMs: minutes(60) },
    account: { limit: 5, windowMs: minutes(60) },
  },
  "/verify-email": { client: { limit: 30, windowMs: minutes(60) } },
  "/reset-password": { client: { limit: 20, windowMs: minutes(60) } },
  "/change-password": { client: { limit: 10, windowMs: minutes(15) } },
  "/two-factor/verify-totp": { client: { limit: 20, windowMs: minutes(10) } },
  "/two-factor/verify-backup-code": { client: { limit: 20, windowMs: minutes(10) } },
};

export const RATE_LIMITED = "RATE_LIMITED";

/**
 * A better-auth "before" hook: it runs for HTTP calls to /api/auth/* and for the server-side
 * `auth.api.*` calls our pages make alike (better-auth's own limiter only sees the former).
 */
export function rateLimitHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const limits = authRateLimits[ctx.path];
    if (!limits) return;
    const client = ctx.headers?.get(CLIENT_IP_HEADER) || "unknown";
    const checks: RateLimitRule[] = [{ key: `auth:${ctx.path}:client:${client}`, ...limits.client }];
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (limits.account && typeof email === "string" && email.trim()) {
      checks.push({ key: `auth:${ctx.path}:account:${email.trim().toLowerCase()}`, ...limits.account });
    }
    for (const rule of checks) {
      const { allowed, retryAfterSeconds } = await hitRateLimit(db, rule);
      if (!allowed) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          {
            code: RATE_LIMITED,
            message: `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
          },
          { "Retry-After": String(retryAfterSeconds) },
        );
      }
    }
  });
}
