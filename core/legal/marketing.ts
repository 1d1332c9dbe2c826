/**
 * Marketing-email wordings (docs/compliance.md section 5, decision 048): the consent box, what the
 * consent record keeps, and the footer every marketing email carries (CAN-SPAM, 15 U.S.C. §7704(a)(3),
 * (a)(5); 16 CFR 316). No zod and nothing heavy here: storefront forms import the label.
 */

/** The unchecked box at sign-up and checkout, and the footer form's button context. */
export const NEWS_CONSENT_LABEL = "Email me news and offers";

/** The footer form's label (no "Email" in it: the page's own Email fields keep a label of their own). */
export const NEWSLETTER_FORM_LABEL = "Our news and offers";

/** Beside the form on /newsletter (the footer has no room, and its text is in every page's bundle). */
export const NEWSLETTER_FORM_NOTE =
  "We send a link to confirm first; every email lets you unsubscribe at once.";

/** What the consent record keeps as "the text shown", per place the consent was given. */
export const CONSENT_TEXTS = {
  signup: `${NEWS_CONSENT_LABEL} (sign-up form). Confirm by the link we email; unsubscribe any time.`,
  checkout: `${NEWS_CONSENT_LABEL} (checkout). Confirm by the link we email; unsubscribe any time.`,
  footer: `${NEWSLETTER_FORM_LABEL} (newsletter form). ${NEWSLETTER_FORM_NOTE}`,
  admin: "Added by the shop at the person's documented request.",
} as const;

/** The neutral answer of the footer form, the same whether or not the address is known. */
export const NEWSLETTER_CHECK_INBOX =
  "Thanks! If this address can be subscribed, we have sent it an email with a link to confirm. Nothing is sent until you confirm.";

/** The marketing-email footer (clear opt-out notice and the sender's valid postal address). */
export function marketingFooterLines(postalAddress: string): string[] {
  return [
    "You receive this email because you bought from us or asked for our news.",
    "To stop all marketing emails from us, use the unsubscribe link: it works at once, without signing in. Emails about your orders still arrive.",
    postalAddress,
  ];
}

/** The confirmation email that asks for the double opt-in (requested by the recipient, not marketing). */
export const OPT_IN_EMAIL = {
  subject: "Please confirm your subscription",
  body: "Someone, hopefully you, asked to receive news and offers from us at this address. Confirm with the button below; if it was not you, ignore this email and nothing will be sent.",
} as const;
