import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { twoFactor } from "../db/schema/index.ts";

/** better-auth's TOTP: 6 digits, 30 s steps, the codes of the neighbouring steps accepted too. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
const WINDOW = 1;
const TWO_FACTOR_COOKIE = "two_factor";
export const VERIFY_TOTP_PATH = "/two-factor/verify-totp";

/**
 * A code from the authenticator app is good once: before better-auth checks it, the time step it
 * belongs to is claimed for the user (atomically, so two parallel requests cannot both claim it).
 * A step at or before the last claimed one is refused like a wrong code. A code that matches no
 * step is left to better-auth, which refuses and counts it.
 */
export async function claimTotpStep(db: Db, ctx: VerifyContext) {
  if (ctx.path !== VERIFY_TOTP_PATH) return;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const userId = await userVerifying(ctx);
  if (!userId) return; // no session and no sign-in challenge: better-auth refuses it
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // Secrets imported from other apps (`base32:…`) are not made here; ours are HMAC keys as UTF-8.
  if (secret.startsWith("base32:")) return;
  const key = Buffer.from(secret, "utf8");
  const step = matchingStep(key, code, Date.now());
  if (step === undefined) return;
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))),
    )
    .returning({ id: twoFactor.id });
  if (claimed.length === 0)
    throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
}

type VerifyContext = Parameters<typeof getSessionFromCtx>[0] & { path: string; body?: unknown };

/** The signed-in user confirming setup, or the user behind a pending sign-in challenge cookie. */
async function userVerifying(ctx: VerifyContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return pending?.value;
}

function matchingStep(key: Buffer, code: string, now: number): number | undefined {
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(hotp(key, step));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return step;
  }
  return undefined;
}

/** RFC 4226 HOTP (SHA-1), the value of one TOTP time step. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).toString().padStart(DIGITS, "0");
}
