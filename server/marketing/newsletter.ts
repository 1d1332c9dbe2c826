import { z } from "zod";
import { OPT_IN_EMAIL } from "../../core/legal/marketing.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RateLimitRule } from "../rate-limit/rate-limit.ts";
import { emailHash } from "./address-hash.ts";
import { type ContactSource, confirmOptIn, requestOptIn } from "./contacts.ts";
import { signLinkToken, verifyLinkToken } from "./links.ts";

/** A confirmation link is good for a week; a new request sends a new one (the old one stops). */
export const CONFIRM_LINK_DAYS = 7;

const EMAIL_MESSAGE = "Please enter a valid email address.";

export const newsletterFormSchema = z.object({
  email: z.string({ message: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The footer form: a person retrying is fine; flooding someone's inbox with confirmation emails is
 * not (3 a day per address, whoever asks), nor walking through addresses from one client.
 */
export const newsletterLimits = (secret: string, ip: string, email: string): RateLimitRule[] => [
  { key: `newsletter:m:${ip}`, limit: 5, windowMs: MINUTE },
  { key: `newsletter:d:${ip}`, limit: 30, windowMs: DAY },
  // Keyed by the hash: the rate-limit table never holds the address in clear.
  { key: `newsletter:a:${emailHash(secret, email)}`, limit: 3, windowMs: DAY },
];

type OptInMailer = Pick<Mailer, "send"> & Partial<Pick<Mailer, "publicUrl" | "linkSecret">>;

/**
 * Starts a double opt-in and emails its single-use link; nothing when the address is already
 * subscribed. The confirmation is requested by the reader, so it is not marketing email.
 */
export async function sendOptInEmail(
  db: Db,
  mailer: OptInMailer,
  input: { email: string; source: ContactSource; consentText: string; userId?: string | null },
  now = new Date(),
): Promise<boolean> {
  const secret = mailer.linkSecret;
  if (!secret) throw new Error("the opt-in email needs the mailer's linkSecret");
  const request = await requestOptIn(db, secret, input, now);
  if (!request) return false;
  const subject = `${request.contactId}:${request.nonce}`;
  const token = signLinkToken(secret, "newsletter-confirm", subject, CONFIRM_LINK_DAYS, now);
  await mailer.send({
    to: input.email.trim(),
    subject: OPT_IN_EMAIL.subject,
    template: "newsletter-confirm",
    props: { url: `${mailer.publicUrl ?? ""}/newsletter/confirm/${token}` },
  });
  return true;
}

/** Whether a confirmation link is genuine and unexpired (the page shows its button only then). */
export function confirmTokenValid(secret: string, token: string, now = new Date()) {
  return verifyLinkToken(secret, "newsletter-confirm", token, now) !== null;
}

/** Confirms the subscription a link names; the address, or null for a forged, expired or used link. */
export async function confirmByToken(db: Db, secret: string, token: string, now = new Date()) {
  const subject = verifyLinkToken(secret, "newsletter-confirm", token, now);
  const [contactId, nonce] = subject?.split(":") ?? [];
  if (!contactId || !nonce) return null;
  return confirmOptIn(db, contactId, nonce, now);
}
