/**
 * The browser half of a passkey ceremony. The options come from better-auth's passkey endpoints
 * (which also set the short-lived challenge cookie); the signed answer goes back through our own
 * form actions, so signing in with a passkey runs the same steps as with a password.
 * @simplewebauthn/browser is loaded only when a passkey button is pressed.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/** True where the browser can use passkeys (checked after hydration: the server cannot know). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** A refusal worth showing as it is; anything else is the device's own cancel or timeout. */
export class PasskeyError extends Error {}

async function options<T>(path: string): Promise<T> {
  const response = await fetch(`/api/auth/passkey/${path}`, { credentials: "same-origin" });
  const body = await response.json().catch(() => ({}));
  if (response.status === 403)
    throw new PasskeyError("For your security, sign in again before adding a passkey.");
  if (!response.ok)
    throw new PasskeyError(body?.message || "Passkeys are not available right now. Please try again.");
  return body;
}

/** The passkey prompt for signing in; resolves with the answer to post as the `response` field. */
export async function passkeySignInResponse(): Promise<string> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await options<PublicKeyCredentialRequestOptionsJSON>("generate-authenticate-options");
  return JSON.stringify(await startAuthentication({ optionsJSON }));
}

/** The prompt that creates a new passkey for the signed-in account. */
export async function passkeyRegistrationResponse(): Promise<string> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await options<PublicKeyCredentialCreationOptionsJSON>("generate-register-options");
  return JSON.stringify(await startRegistration({ optionsJSON }));
}

/** What to tell the person when a ceremony did not finish. */
export function passkeyFailureMessage(error: unknown): string {
  if (error instanceof PasskeyError) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return "The passkey request was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return "Your browser could not use a passkey. Please try again or use your password.";
}
