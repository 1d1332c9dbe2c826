import { CONSENT_TEXTS } from "../../core/legal/marketing.ts";
import type { RequestContext } from "../context.ts";
import { RateLimitedError } from "../errors.ts";
import { hitRateLimits, rateLimitedMessage } from "../rate-limit/rate-limit.ts";
import { confirmByToken, confirmTokenValid, newsletterLimits, sendOptInEmail } from "./newsletter.ts";
import { unsubscribeByToken, unsubscribeTokenEmail } from "./unsubscribe.ts";

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
  try {
    const limit = await hitRateLimits(
      context.database.db,
      newsletterLimits(context.linkSecret, context.clientIp, email),
    );
    if (!limit.allowed) return;
    await sendOptInEmail(context.database.db, context.mailer, {
      email,
      source: "signup",
      consentText: CONSENT_TEXTS.signup,
    });
  } catch (error) {
    context.log.warn({ err: error }, "newsletter opt-in email at sign-up not queued");
  }
}

/** GET of a confirmation link: only says whether it may be used (a prefetch changes nothing). */
export const confirmLinkUsable = (context: RequestContext, token: string) =>
  confirmTokenValid(context.linkSecret, token);

/** POST of the confirmation page's button: records the consent; null for a bad or used link. */
export const confirmFromLink = (context: RequestContext, token: string) =>
  confirmByToken(context.database.db, context.linkSecret, token);

/** GET of an unsubscribe link: the address it names (shown on the page), nothing recorded. */
export const unsubscribeLinkEmail = (context: RequestContext, token: string) =>
  unsubscribeTokenEmail(context.linkSecret, token);

/** POST of an unsubscribe link (the page's button, or a mail client's RFC 8058 one-click). */
export const unsubscribeFromLink = (context: RequestContext, token: string) =>
  unsubscribeByToken(context.database.db, context.linkSecret, token);
