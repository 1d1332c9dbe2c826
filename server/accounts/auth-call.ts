import { isAPIError } from "better-auth/api";
import { redirectDocument } from "react-router";
import { type FlashToastInput, setFlashToast } from "../http/flash.ts";

export type AuthFailure = { status: number; code?: string; message: string };
export type AuthOutcome<T> = { ok: true; value: T } | { ok: false; error: AuthFailure };

/**
 * Runs one server-side better-auth call and turns its refusals (wrong password, unverified email,
 * rate limit, bad token…) into a value the action can show; anything else is a real fault and throws.
 */
export async function tryAuth<T>(call: Promise<T>): Promise<AuthOutcome<T>> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = (error.body ?? {}) as { code?: string; message?: string };
    return {
      ok: false,
      error: { status: error.statusCode, code: body.code, message: body.message || error.message },
    };
  }
}

/** Copies the Set-Cookie lines better-auth produced (session created, rotated or cleared). */
export function cookiesFrom(source: Headers, into = new Headers()): Headers {
  for (const cookie of source.getSetCookie()) into.append("Set-Cookie", cookie);
  return into;
}

/**
 * Reloads the whole document at `/` after an auth call that ended this browser's session (sign-out
 * everywhere, account deleted): its cookie changes, plus a toast. A failed call still goes home.
 */
export async function homeSignedOut(result: AuthOutcome<{ headers: Headers }>, toast: FlashToastInput) {
  const headers = result.ok ? cookiesFrom(result.value.headers) : new Headers();
  await setFlashToast(headers, toast);
  return redirectDocument("/", { headers });
}
