import { formatMoney } from "../pricing/money.ts";

/**
 * The automatic-renewal wordings (California Bus. & Prof. Code §17600–17606 as amended by AB 2863,
 * in force 1 July 2025; ROSCA, 15 U.S.C. §8403): the terms shown next to the pay button, the
 * cancellation policy, the price change notice and the yearly reminder. Plain functions building
 * plain text, so the checkout, the consent record and the emails say the same words. A change of
 * wording is a new AUTO_RENEWAL_TERMS_VERSION: consents keep the version and text they were given.
 */
export const AUTO_RENEWAL_TERMS_VERSION = "auto-renewal-2025-07-01";

/** The consent checkbox's label (unticked by default; the server refuses a subscription without it). */
export const RENEWAL_CONSENT_LABEL = "I agree to the automatic renewal terms above.";

/** A calendar day as words ("December 25, 2026"), in UTC like the renewal dates the server keeps. */
export function renewalDate(date: Date): string {
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export type RenewalCharge = {
  /** What every renewal charges, in cents: the goods after discounts, plus shipping and sales tax. */
  totalCents: number;
  shippingCents: number;
  taxCents: number;
};

function chargeWords({ totalCents, shippingCents, taxCents }: RenewalCharge): string {
  const shipping = shippingCents > 0 ? `${formatMoney(shippingCents)} shipping` : "free shipping";
  const tax = taxCents > 0 ? `${formatMoney(taxCents)} sales tax` : "no sales tax";
  return `${formatMoney(totalCents)} (${shipping}, ${tax} included)`;
}

/** How to cancel: online, in the account, effective at once (ARL: as easy as signing up). */
export function cancellationPolicy(): string {
  return (
    "You can cancel at any time online: sign in, open My Account → Subscriptions and press " +
    "Cancel subscription. Cancelling takes effect at once: no further renewal is charged, and the " +
    "month already paid is still delivered."
  );
}

/** The terms shown right next to the pay button, one paragraph per item. */
export function autoRenewalTerms(input: RenewalCharge & { nextCharge: Date }) {
  return [
    "Automatic renewal: this subscription renews every month until you cancel it.",
    `Each monthly renewal is charged ${chargeWords(input)} to the same payment method, after the ` +
      "subscription discount; a coupon applies to the first order only.",
    `Your next charge is on ${renewalDate(input.nextCharge)}, then on the same day every month.`,
    cancellationPolicy(),
  ];
}

/** The terms the confirmation email and the yearly reminder repeat. */
export function subscriptionTermsSummary(input: RenewalCharge & { nextCharge: Date }) {
  return [
    `Your subscription renews automatically every month until you cancel it, at ${chargeWords(input)} a month.`,
    `Next charge: ${renewalDate(input.nextCharge)}.`,
    cancellationPolicy(),
  ];
}

/** The price change notice, sent 7 to 30 days before the new price applies. */
export function priceChangeNotice(input: { oldCents: number; newCents: number; effective: Date }) {
  return [
    `The monthly price of your subscription changes from ${formatMoney(input.oldCents)} to ` +
      `${formatMoney(input.newCents)} (sales tax included) from the renewal on ${renewalDate(input.effective)}.`,
    "Until then every renewal is charged at your current price. If you do not want to continue " +
      "at the new price, cancel before that date and nothing more is charged.",
    cancellationPolicy(),
  ];
}
