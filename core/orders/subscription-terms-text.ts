import { subscriptionTermsSummary } from "../legal/auto-renewal.ts";
import { renewalPrice } from "../pricing/recurring-price.ts";

/*
 * A subscription's automatic-renewal terms as its emails repeat them: pure text that the order
 * confirmation (server/orders) and the renewal notices (server/subscriptions) share, so orders
 * need not import subscriptions.
 */

/** The subscription as its terms read it (a subscriptions row has these). */
type TermsSubscription = Parameters<typeof renewalPrice>[0] & {
  id: string;
  currentPeriodEnd: Date | null;
};

/** The terms' paragraphs and the cancel link (the mail template's `SubscriptionTerms`). */
export type SubscriptionTermsText = { paragraphs: string[]; cancelUrl: string };

/** The one-click cancel page (built with the account's subscription self-service). */
export const cancelPath = (subscriptionId: string) => `/account/subscriptions/${subscriptionId}/cancel`;

/**
 * A subscription's terms as its emails repeat them: what each renewal charges (free shipping, the
 * subscribed state's tax), the next charge, how to cancel, and the cancel link (absolute when the
 * shop knows its public URL).
 */
export function subscriptionTermsOf(subscription: TermsSubscription, publicUrl = ""): SubscriptionTermsText {
  const price = renewalPrice(subscription);
  const paragraphs = subscriptionTermsSummary({
    totalCents: price.totalCents,
    shippingCents: 0,
    taxCents: price.taxCents,
    nextCharge: subscription.currentPeriodEnd ?? new Date(),
  });
  return { paragraphs, cancelUrl: publicUrl + cancelPath(subscription.id) };
}
