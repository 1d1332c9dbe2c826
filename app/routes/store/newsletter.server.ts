import { brand } from "~core/brand.ts";
import { CONSENT_TEXTS } from "~core/legal/marketing.ts";
import type { RequestContext } from "~server/context.ts";
import { RateLimitedError } from "~server/errors.ts";
import { bestEffort } from "~server/http/best-effort.ts";
import {
  confirmByToken,
  confirmTokenValid,
  newsletterLimits,
  sendOptInEmail,
} from "~server/marketing/newsletter.ts";
import { unsubscribeByToken, unsubscribeTokenEmail } from "~server/marketing/unsubscribe.ts";
import { hitRateLimits, rateLimitedMessage } from "~server/rate-limit/rate-limit.ts";

/**
 * The footer form's request (already validated): counts the client's and the address's tries,
 * then starts the double opt-in. The caller answers the same whatever happened to the address.
 */
export async function subscribeFromFooter(context: RequestContext, email: string): Promise<void> {
  const limit = await hitRateLimits(
    context.database.db,
    newsletterLimits(context.linkSecret, context.clientIp, email),
  );
  if (!limit.allowed) {
    const description = rateLimitedMessage(limit.retryAfterSeconds);
    throw new RateLimitedError({ title: "Too Many Attempts", description }, limit.retryAfterSeconds);
  }
  await sendOptInEmail(context.database.db, context.mailer, {
    email,
    source: "footer",
    consentText: CONSENT_TEXTS.footer,
  });
}

/**
 * The ticked box at sign-up: its own opt-in email (decision 048), whether or not the address
 * already had an account — the sign-up answers the same either way. A failure costs only that
 * email (logged): the account is what the visitor came for.
 */
export async function optInAtSignUp(context: RequestContext, email: string): Promise<void> {
  const db = context.database.db;
  const send = async () => {
    const limit = await hitRateLimits(db, newsletterLimits(context.linkSecret, context.clientIp, email));
    if (!limit.allowed) return;
    await sendOptInEmail(db, context.mailer, { email, source: "signup", consentText: CONSENT_TEXTS.signup });
  };
  await bestEffort(context.log, send, {
    failed: "newsletter opt-in email at sign-up not queued",
    fallback: undefined,
    level: "warn",
  });
}

/** What the page of a signed email link shows: a heading, a sentence, and the button (if any). */
export type EmailLinkPage = { heading: string; text: string; button?: string; done?: boolean };

const invalidLink = (text: string): EmailLinkPage => ({
  heading: "This link is invalid or has expired",
  text,
});
const badUnsubscribe = invalidLink("Please use the unsubscribe link from a recent email.");
const badConfirm = invalidLink(
  "Confirmation links work once and for 7 days. Ask for a new one with the newsletter form at the bottom of every page.",
);
const isUnsubscribe = (path: string) => path.startsWith("/unsubscribe/");

/** GET of a link: says what its button would do; changes nothing (scanners prefetch links). */
export function emailLinkPage(context: RequestContext, path: string, token: string): EmailLinkPage {
  if (isUnsubscribe(path)) {
    const email = unsubscribeTokenEmail(context.linkSecret, token);
    if (!email) return badUnsubscribe;
    return {
      heading: "Unsubscribe from marketing emails?",
      text: `Stop all news, offers, cart reminders and review requests to ${email}. Emails about your orders still arrive.`,
      button: "Unsubscribe",
    };
  }
  if (!confirmTokenValid(context.linkSecret, token)) return badConfirm;
  return {
    heading: "Confirm your subscription",
    text: `Receive news and offers from ${brand.name} by email. You can unsubscribe at any time.`,
    button: "Confirm subscription",
  };
}

/** POST of a link (its button, or a mail client's RFC 8058 one-click): unsubscribes or confirms. */
export async function emailLinkAction(
  context: RequestContext,
  path: string,
  token: string,
): Promise<EmailLinkPage> {
  const db = context.database.db;
  if (isUnsubscribe(path)) {
    const email = await unsubscribeByToken(db, context.linkSecret, token);
    if (!email) return badUnsubscribe;
    return {
      heading: "You are unsubscribed",
      text: `We will send no more marketing emails to ${email}. Emails about your orders still arrive.`,
      done: true,
    };
  }
  if (!(await confirmByToken(db, context.linkSecret, token))) return badConfirm;
  return {
    heading: "You are subscribed",
    text: `Thank you! News and offers from ${brand.name} will come to this address. Every email has a link to unsubscribe.`,
    done: true,
  };
}
