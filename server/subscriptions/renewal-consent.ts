import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  AUTO_RENEWAL_TERMS_VERSION,
  autoRenewalTerms,
  RENEWAL_CONSENT_LABEL,
} from "../../core/legal/auto-renewal.ts";
import type { PostalAddress } from "../../core/orders/address.ts";
import type { PricedCart } from "../../core/pricing/cart-pricing.ts";
import { priceCheckout } from "../../core/pricing/checkout-pricing.ts";
import type { Db, Tx } from "../db/client.ts";
import { renewalConsents } from "../db/schema/index.ts";
import { currentPolicyVersions } from "../policies/in-force.ts";
import { type DeliveryTerms, deliveryTerms } from "../shipping/terms.ts";
import { addMonth } from "./renewal-order.ts";

/** The automatic-renewal terms as the checkout shows them, and what identifies that exact text. */
export type RenewalTerms = { version: string; paragraphs: string[]; text: string; hash: string };

export const termsHash = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The terms for this cart and destination, priced like the checkout prices a subscription
 * (core/pricing/checkout-pricing.ts) without a coupon, which only lowers the first order; the next charge
 * is a month from now, as fulfilment sets the first period end.
 */
export function renewalTermsFor(cart: PricedCart, delivery: DeliveryTerms, now = new Date()): RenewalTerms {
  const renewal = priceCheckout({
    subtotalCents: cart.subtotalCents,
    volumeDiscountCents: cart.volumeDiscountCents,
    totalQuantity: cart.quantity,
    purchaseType: "subscription",
    coupon: null,
    ...delivery,
  });
  const paragraphs = autoRenewalTerms({ ...renewal, nextCharge: addMonth(now) });
  const text = paragraphs.join("\n\n");
  return { version: AUTO_RENEWAL_TERMS_VERSION, paragraphs, text, hash: termsHash(text) };
}

/** What the checkout page posts with Pay: the box (ticked or not) and the hash of the terms it showed. */
export type PostedConsent = { ticked: boolean; termsHash: string };

export type RenewalConsentInput = RenewalTerms & { clientIp: string | null; userAgent: string | null };

export type ConsentCheck =
  | { ok: true; terms: RenewalTerms }
  /** "missing": the box was not ticked; "changed": the terms differ from those the page showed. */
  | { ok: false; reason: "missing" | "changed" };

/**
 * Checks a subscription's consent at Pay: the box ticked, for the very terms this cart gives now
 * (a cart or price changed since the page was shown means new terms to read first).
 */
export async function checkRenewalConsent(
  db: Db,
  input: { cart: PricedCart; address: PostalAddress; posted: PostedConsent; now?: Date },
): Promise<ConsentCheck> {
  if (!input.posted.ticked) return { ok: false, reason: "missing" };
  const terms = renewalTermsFor(input.cart, await deliveryTerms(db, input.address), input.now);
  if (terms.hash !== input.posted.termsHash) return { ok: false, reason: "changed" };
  return { ok: true, terms };
}

/** Stores the consent with the unpaid order, in the checkout's transaction. */
export async function recordRenewalConsent(
  tx: Tx,
  orderId: string,
  consent: RenewalConsentInput,
  now: Date,
): Promise<void> {
  await tx.insert(renewalConsents).values({
    orderId,
    termsVersion: consent.version,
    termsText: consent.text,
    termsHash: consent.hash,
    clientIp: consent.clientIp,
    userAgent: consent.userAgent?.slice(0, 500) ?? null,
    // The policies (terms, refunds…) in force when the buyer agreed (decision 047).
    policyVersions: await currentPolicyVersions(tx),
    consentedAt: now,
  });
}

/** Links the order's consent to the subscription fulfilment started from it. */
export async function linkRenewalConsent(tx: Tx, orderId: string, subscriptionId: string): Promise<void> {
  await tx.update(renewalConsents).set({ subscriptionId }).where(eq(renewalConsents.orderId, orderId));
}

/** What the checkout page shows: the terms' paragraphs, their hash (posted back) and the box's label. */
export function renewalTermsForPage(cart: PricedCart, delivery: DeliveryTerms) {
  const { paragraphs, hash } = renewalTermsFor(cart, delivery);
  return { paragraphs, hash, consentLabel: RENEWAL_CONSENT_LABEL };
}
