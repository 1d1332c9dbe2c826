import { createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client.ts";
import { checkAuthInput } from "./input-rules.ts";
import { upgradeLegacyPassword } from "./legacy-password.ts";
import { enforceAuthRateLimits, reserveSignInAttempt, settleSignInAttempt } from "./limits.ts";
import { markPasskeySession, refuseStaffSocialRegistration } from "./passkeys.ts";
import { claimTotpStep } from "./totp-replay.ts";

/**
 * better-auth's "before" and "after" hooks. They run for HTTP calls to /api/auth/* and for the
 * server-side `auth.api.*` calls our pages make alike (better-auth's own limiter sees only the former).
 */
export function authHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      checkAuthInput(ctx);
      await enforceAuthRateLimits(db, ctx);
      await reserveSignInAttempt(db, ctx);
      await claimTotpStep(db, ctx);
      await refuseStaffSocialRegistration(ctx);
    }),
    after: createAuthMiddleware(async (ctx) => {
      await settleSignInAttempt(db, ctx);
      await upgradeLegacyPassword(db, ctx);
      await markPasskeySession(db, ctx);
    }),
  };
}
