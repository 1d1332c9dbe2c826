import type { Db } from "../db/client.ts";
import { normalizeEmail } from "./address-hash.ts";
import { unsubscribeAddress } from "./contacts.ts";
import { signLinkToken, UNSUBSCRIBE_LINK_DAYS, verifyLinkToken } from "./links.ts";

/** The unsubscribe URL for one recipient (the page and the RFC 8058 one-click POST share it). */
export function unsubscribeUrl(publicUrl: string, secret: string, email: string, now = new Date()): string {
  return `${publicUrl}/unsubscribe/${signLinkToken(secret, "unsubscribe", normalizeEmail(email), UNSUBSCRIBE_LINK_DAYS, now)}`;
}

/** The headers that let mail clients offer one-click unsubscribe (RFC 2369 and RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The address a genuine, unexpired unsubscribe token names; null for anything else. */
export function unsubscribeTokenEmail(secret: string, token: string): string | null {
  return verifyLinkToken(secret, "unsubscribe", token);
}

/**
 * Records the unsubscribe a token asks for (every marketing email stops); returns the address, or
 * null for a forged or expired token. Doing it twice is harmless.
 */
export async function unsubscribeByToken(db: Db, secret: string, token: string): Promise<string | null> {
  const email = unsubscribeTokenEmail(secret, token);
  if (!email) return null;
  await unsubscribeAddress(db, secret, email);
  return email;
}
