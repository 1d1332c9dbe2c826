import { passkey } from "@better-auth/passkey";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { brand } from "../../core/brand.ts";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema/index.ts";
import { SOCIAL_SIGN_IN } from "./social.ts";

/** What `session.sign_in_method` holds for a session that began with a passkey. */
export const PASSKEY_SIGN_IN = "passkey";

export const PASSKEY_ERRORS = {
  notVerified: "PASSKEY_USER_NOT_VERIFIED",
  staffSocial: "PASSKEY_STAFF_SOCIAL_SESSION",
} as const;

const REGISTRATION_PATHS = new Set(["/passkey/generate-register-options", "/passkey/verify-registration"]);
type RegistrationSession = { session?: { signInMethod?: string | null }; user?: { role?: string | null } };
type BeforeContext = Parameters<typeof getSessionFromCtx>[0] & { path: string };

/**
 * A staff account's Google/Apple session (one made before the account became staff) may not add a
 * passkey: the back office counts a passkey as the staff's second factor, which that session never
 * gave (decision 055). Runs from the "before" hook, so nothing of the ceremony starts.
 */
export async function refuseStaffSocialRegistration(ctx: BeforeContext) {
  if (!REGISTRATION_PATHS.has(ctx.path)) return;
  const current = (await getSessionFromCtx(ctx).catch(() => null)) as RegistrationSession | null;
  if (current?.session?.signInMethod === SOCIAL_SIGN_IN && current.user?.role === "admin") {
    throw new APIError("FORBIDDEN", {
      code: PASSKEY_ERRORS.staffSocial,
      message: "Staff add a passkey after signing in with their password and second factor.",
    });
  }
}

const userVerificationRequired = () =>
  new APIError("UNAUTHORIZED", {
    code: PASSKEY_ERRORS.notVerified,
    message: "Your device did not confirm it was you (PIN, fingerprint or face). Please try again.",
  });

/**
 * better-auth's passkey (WebAuthn) plugin, bound to the shop's own address: the relying party is
 * PUBLIC_URL's host and only PUBLIC_URL's origin is accepted (never the request's Origin header).
 * A passkey sign-in stands for password and second factor together, so the device must have
 * verified the person (PIN or biometrics), at registration and at every sign-in.
 */
export function passkeyPlugin(publicUrl: string) {
  const url = new URL(publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: brand.name,
    origin: url.origin,
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    registration: {
      afterVerification: async ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw userVerificationRequired();
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw userVerificationRequired();
      },
    },
  });
}

/** The bodies our pages send to the plugin's endpoints (its own schemas take anything). */
export const passkeyBodyRules: Record<string, z.ZodType> = {
  // No `createSession`: registering a passkey never starts a second session.
  "/passkey/verify-registration": z
    .object({ response: z.record(z.string(), z.unknown()), name: passkeyName() })
    .strict(),
  "/passkey/verify-authentication": z.object({ response: z.record(z.string(), z.unknown()) }).strict(),
  "/passkey/delete-passkey": z.object({ id: z.string().min(1).max(200) }).strict(),
  "/passkey/update-passkey": z.object({ id: z.string().min(1).max(200), name: passkeyName() }).strict(),
};

export function passkeyName() {
  return z
    .string()
    .trim()
    .max(60, "A passkey name has at most 60 characters.")
    .regex(/^[^\p{Cc}]*$/u, "A passkey name cannot contain control characters.")
    .optional();
}

type AfterContext = { path: string; context: { newSession?: { session: { id: string } } | null } };

/**
 * Marks the session a passkey sign-in just created, so the admin guard can accept it where the
 * owner requires two-factor (server/auth/guards.ts). Runs from the "after" hook.
 */
export async function markPasskeySession(db: Db, ctx: AfterContext) {
  if (ctx.path !== "/passkey/verify-authentication") return;
  const created = ctx.context.newSession?.session;
  if (!created) return;
  await db.update(session).set({ signInMethod: PASSKEY_SIGN_IN }).where(eq(session.id, created.id));
}

type PasskeyAnswer = AuthenticationResponseJSON | RegistrationResponseJSON;

/** A WebAuthn answer is a few kilobytes; anything bigger is not one. */
const MAX_RESPONSE_CHARS = 16_000;

/**
 * The browser's signed answer, as posted in a form field: a JSON object, or undefined for
 * anything else (too long, not JSON), which the page reports as a failed passkey.
 */
export function parsePasskeyResponse<Answer extends PasskeyAnswer>(
  value: FormDataEntryValue | null,
): Answer | undefined {
  if (typeof value !== "string" || value.length > MAX_RESPONSE_CHARS) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Answer) // its fields are checked by the plugin (signature, challenge, origin)
      : undefined;
  } catch {
    return undefined;
  }
}

export const PASSKEY_SIGN_IN_FAILED = "This passkey could not sign you in. Try again, or use your password.";
