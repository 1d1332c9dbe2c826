import { APIError, isAPIError } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { CLIENT_IP_HEADER } from "../rate-limit/client-ip.ts";
import {
  describeWait,
  hitRateLimit,
  type RateLimitRule,
  releaseRateLimitHit,
} from "../rate-limit/rate-limit.ts";

type Limit = Omit<RateLimitRule, "key">;
type EndpointLimits = { client: Limit; account?: Limit };

const minutes = (n: number) => n * 60_000;

/**
 * Limits per client (IP) and per account (the email in the request) on the endpoints that send
 * mail or check a secret, counting every call. Generous enough for a person who mistypes, tight
 * enough to make guessing or flooding inboxes useless. Password sign-in is limited differently
 * (only failures count, see `signInLimits`).
 */
export const authRateLimits: Record<string, EndpointLimits> = {
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
  "/passkey/verify-authentication": { client: { limit: 20, windowMs: minutes(10) } },
  "/passkey/verify-registration": { client: { limit: 10, windowMs: minutes(15) } },
};

export const RATE_LIMITED = "RATE_LIMITED";

/**
 * Brute-force limits for the endpoints in `authRateLimits`; password sign-in is handled by
 * `reserveSignInAttempt`. Runs from the "before" hook (server/auth/hooks.ts), so HTTP calls to
 * /api/auth/* and the server-side `auth.api.*` calls of our pages alike.
 */
export async function enforceAuthRateLimits(db: Db, ctx: AuthContextLike) {
  const limits = authRateLimits[ctx.path];
  if (!limits) return;
  const client = clientOf(ctx);
  const checks: RateLimitRule[] = [{ key: `auth:${ctx.path}:client:${client}`, ...limits.client }];
  const email = emailOf(ctx);
  if (limits.account && email) {
    checks.push({ key: `auth:${ctx.path}:account:${email}`, ...limits.account });
  }
  for (const rule of checks) {
    const { allowed, retryAfterSeconds } = await hitRateLimit(db, rule);
    if (!allowed) throw tooManyAttempts(retryAfterSeconds);
  }
}

/**
 * Password sign-in (customer form, /admin/login and /api/auth alike) counts failures only, so that
 * nobody can lock the real owner out (ASVS 6.3.1 without a lockout DoS):
 * - `pair`: one address guessing one account;
 * - `client`: one address guessing across accounts;
 * - `account`: many addresses guessing one account. Over it, an address that has already failed
 *   for the account in the pair window is refused; one that has not (the owner's) still gets in.
 */
export const signInLimits = {
  pair: { limit: 10, windowMs: minutes(15) },
  client: { limit: 30, windowMs: minutes(10) },
  account: { limit: 100, windowMs: minutes(60) },
} satisfies Record<string, Limit>;

export const SIGN_IN_PATH = "/sign-in/email";

/** The counter of failed sign-ins for one account from every address. */
export const accountFailuresKey = (email: string) => `auth:sign-in-failures:account:${email.toLowerCase()}`;

export type SignInRules = { client: RateLimitRule; pair?: RateLimitRule; account?: RateLimitRule };

/**
 * The failure counters of one password form (`prefix` keeps forms apart: the customer and admin
 * sign-in share "auth", the creator portal has its own), for a client and the account it names.
 */
export function failureRules(prefix: string, client: string, account: string | undefined): SignInRules {
  const rules: SignInRules = {
    client: { key: `${prefix}:sign-in-failures:client:${client}`, ...signInLimits.client },
  };
  if (!account) return rules;
  rules.pair = { key: `${prefix}:sign-in-failures:pair:${account}:${client}`, ...signInLimits.pair };
  rules.account = { key: `${prefix}:sign-in-failures:account:${account}`, ...signInLimits.account };
  return rules;
}

function signInRules(ctx: AuthContextLike): SignInRules {
  return failureRules("auth", clientOf(ctx), emailOf(ctx));
}

const allRules = (rules: SignInRules) =>
  [rules.pair, rules.client, rules.account].filter((r) => r !== undefined);

/**
 * Counts the attempt as a failure up front (so a burst of parallel guesses cannot slip past the
 * limit) and refuses it when over a limit; `settleSignInAttempt` hands the count back unless the
 * password turned out wrong.
 */
export async function reserveSignInAttempt(db: Db, ctx: AuthContextLike) {
  if (ctx.path !== SIGN_IN_PATH) return;
  const retryAfter = await reserveFailure(db, signInRules(ctx));
  if (retryAfter !== null) throw tooManyAttempts(retryAfter);
}

/**
 * Counts an attempt as a failure up front; when over a limit, hands the count back and returns
 * the seconds to wait (null: go ahead). `releaseFailure` hands it back after a success.
 */
export async function reserveFailure(db: Db, rules: SignInRules): Promise<number | null> {
  const client = await hitRateLimit(db, rules.client);
  const pair = rules.pair && (await hitRateLimit(db, rules.pair));
  const account = rules.account && (await hitRateLimit(db, rules.account));
  // `pair.count > 1`: this address already failed for this account in the pair window.
  const accountRefuses = account && !account.allowed && pair !== undefined && pair.count > 1;
  const refused = [client, pair, accountRefuses ? account : undefined].filter((r) => r && !r.allowed);
  if (refused.length === 0) return null;
  // A refused attempt checked no password: it is not a failure.
  await releaseFailure(db, rules);
  return Math.max(...refused.map((r) => r!.retryAfterSeconds));
}

export async function releaseFailure(db: Db, rules: SignInRules) {
  for (const rule of allRules(rules)) await releaseRateLimitHit(db, rule);
}

/** After sign-in: only a wrong email or password (401) stays counted. */
export async function settleSignInAttempt(
  db: Db,
  ctx: AuthContextLike & { context: { returned?: unknown } },
) {
  if (ctx.path !== SIGN_IN_PATH) return;
  const returned = ctx.context.returned;
  if (isAPIError(returned) && returned.statusCode === 401) return;
  await releaseFailure(db, signInRules(ctx));
}

type AuthContextLike = { path: string; headers?: Headers; body?: unknown };

function clientOf(ctx: AuthContextLike) {
  return ctx.headers?.get(CLIENT_IP_HEADER) || "unknown";
}

function emailOf(ctx: AuthContextLike) {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
}

function tooManyAttempts(retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: RATE_LIMITED,
      message: `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
    },
    { "Retry-After": String(retryAfterSeconds) },
  );
}
