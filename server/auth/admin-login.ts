import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { isAPIError } from "better-auth/api";
import type { Auth } from "./auth.ts";
import { PASSKEY_SIGN_IN_FAILED } from "./passkeys.ts";

/**
 * What an admin sign-in attempt came to. `cookies` are the Set-Cookie values to pass on to the
 * browser: the session on success, the pending two-factor cookie, or the clearing ones when a
 * non-admin was signed straight back out.
 */
export type AdminSignInResult =
  | { kind: "signed-in"; cookies: string[] }
  | { kind: "two-factor"; cookies: string[] }
  | { kind: "not-admin"; cookies: string[] }
  | { kind: "failed"; message: string };

type Signed = { headers: Headers; response: unknown };

/** Email + password sign-in for the back office; a valid account without the admin role is signed out again. */
export async function signInAdmin(
  auth: Auth,
  credentials: { email: string; password: string },
  requestHeaders: Headers,
): Promise<AdminSignInResult> {
  const attempt = await callAuth(() =>
    auth.api.signInEmail({ body: credentials, headers: requestHeaders, returnHeaders: true }),
  );
  if ("message" in attempt) return { kind: "failed", message: attempt.message };
  const cookies = attempt.headers.getSetCookie();
  if ((attempt.response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    return { kind: "two-factor", cookies };
  }
  return finish(auth, attempt, cookies);
}

/** Second step when the account has two-factor on: the TOTP code, with the pending cookie from step one. */
export async function verifyAdminTotp(
  auth: Auth,
  code: string,
  requestHeaders: Headers,
): Promise<AdminSignInResult> {
  const attempt = await callAuth(() =>
    auth.api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true }),
  );
  if ("message" in attempt) return { kind: "failed", message: attempt.message };
  return finish(auth, attempt, attempt.headers.getSetCookie());
}

/** Passkey sign-in for the back office: one step (a passkey stands for password and second factor). */
export async function signInAdminWithPasskey(
  auth: Auth,
  response: AuthenticationResponseJSON | undefined,
  requestHeaders: Headers,
): Promise<AdminSignInResult> {
  if (!response) return { kind: "failed", message: PASSKEY_SIGN_IN_FAILED };
  const attempt = await callAuth(() =>
    auth.api.verifyPasskeyAuthentication({
      body: { response },
      headers: requestHeaders,
      returnHeaders: true,
    }),
  );
  if ("message" in attempt) return { kind: "failed", message: PASSKEY_SIGN_IN_FAILED };
  return finish(auth, attempt, attempt.headers.getSetCookie());
}

async function finish(auth: Auth, attempt: Signed, cookies: string[]): Promise<AdminSignInResult> {
  const role = (attempt.response as { user?: { role?: string } }).user?.role;
  if (role === "admin") return { kind: "signed-in", cookies };
  // Revoke the session just created; the browser never receives it.
  const signedOut = await auth.api.signOut({ headers: cookieHeader(cookies), returnHeaders: true });
  return { kind: "not-admin", cookies: signedOut.headers.getSetCookie() };
}

/** Signs the current session out; returns the Set-Cookie values that clear it in the browser. */
export async function signOutSession(auth: Auth, requestHeaders: Headers): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    return []; // no session: nothing to sign out
  }
}

async function callAuth(run: () => Promise<Signed>): Promise<Signed | { message: string }> {
  try {
    return await run();
  } catch (error) {
    if (isAPIError(error)) return { message: error.body?.message || error.message };
    throw error;
  }
}

/** A request Cookie header made of the name=value pairs of Set-Cookie values. */
function cookieHeader(setCookies: string[]): Headers {
  const pairs = setCookies.map((c) => c.split(";")[0]).filter(Boolean);
  return new Headers({ cookie: pairs.join("; ") });
}
