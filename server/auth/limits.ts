import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { consumeRateLimit, describeWait, type RateLimitRule } from "../rate-limit/rate-limit.ts";

/** The header http.ts sets from the socket (or trusted proxy); clients cannot supply it. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

type EndpointLimits = { client: RateLimitRule; account?: RateLimitRule };

const minutes = (n: number) => n * 60;

/**
 * Brute-force limits per client (IP) and per account (the email in the request) on the endpoints
 * that check a secret or send mail. Generous enough for a person who mistypes, tight enough to make
 * guessing passwords or flooding inboxes useless.
 */
export const authRateLimits: Record<string, EndpointLimits> = {
  "/sign-in/email": {
    client: { max: 30, windowSeconds: minutes(10) },
    account: { max: 10, windowSeconds: minutes(15) },
  },
  "/sign-up/email": {
    client: { max: 10, windowSeconds: minutes(60) },
    account: { max: 5, windowSeconds: minutes(60) },
  },
  "/request-password-reset": {
    client: { max: 10, windowSeconds: minutes(60) },
    account: { max: 5, windowSeconds: minutes(60) },
  },
  "/send-verification-email": {
    client: { max: 10, windowSeconds: minutes(60) },
    account: { max: 5, windowSeconds: minutes(60) },
  },
  "/verify-email": { client: { max: 30, windowSeconds: minutes(60) } },
  "/reset-password": { client: { max: 20, windowSeconds: minutes(60) } },
  "/change-password": { client: { max: 10, windowSeconds: minutes(15) } },
  "/two-factor/verify-totp": { client: { max: 20, windowSeconds: minutes(10) } },
  "/two-factor/verify-backup-code": { client: { max: 20, windowSeconds: minutes(10) } },
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
    const checks: [string, RateLimitRule][] = [[`auth:${ctx.path}:client:${client}`, limits.client]];
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (limits.account && typeof email === "string" && email.trim()) {
      checks.push([`auth:${ctx.path}:account:${email.trim().toLowerCase()}`, limits.account]);
    }
    for (const [key, rule] of checks) {
      const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, rule);
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
