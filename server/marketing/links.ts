import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed links in marketing email (decision 044): `<payload>.<signature>`, where the payload is
 * base64url JSON naming what the link is for, whom it is about and when it expires, and the
 * signature is an HMAC-SHA256 over the purpose and payload with the app secret. Nothing is stored:
 * a link cannot be guessed, altered, or used for the other purpose, and it stops working when it expires.
 */
export type LinkPurpose = "cart-restore" | "unsubscribe" | "newsletter-confirm";

/** A restore link shows nothing new, but a cart should not come back from an old email forever. */
export const RESTORE_LINK_DAYS = 14;
/** Unsubscribe links must keep working long after the email (RFC 8058 asks for "a while"). */
export const UNSUBSCRIBE_LINK_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 1000;

type Payload = { s: string; e: number };

const sign = (secret: string, purpose: LinkPurpose, payload: string) =>
  createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url");

/** A token for `subject` (a reminder id, an email address) valid for `days` from `now`. */
export function signLinkToken(
  secret: string,
  purpose: LinkPurpose,
  subject: string,
  days: number,
  now = new Date(),
): string {
  const body: Payload = { s: subject, e: Math.floor((now.getTime() + days * DAY_MS) / 1000) };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${sign(secret, purpose, payload)}`;
}

/** The subject of a genuine, unexpired token for this purpose; null for anything else. */
export function verifyLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  now = new Date(),
): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const body = parsePayload(payload);
  if (!body || body.e * 1000 <= now.getTime()) return null;
  return body.s;
}

function parsePayload(payload: string): Payload | null {
  try {
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Payload>;
    return typeof body.s === "string" && typeof body.e === "number" ? { s: body.s, e: body.e } : null;
  } catch {
    return null;
  }
}
