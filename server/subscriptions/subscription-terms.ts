import { subscriptionTermsSummary } from "../../core/legal/auto-renewal.ts";
import type { subscriptions } from "../db/schema/index.ts";
import type { SubscriptionTerms } from "../mail/templates/subscription-terms.tsx";
import { renewalPrice } from "./renewal-order.ts";

type Subscription = Pick<
  typeof subscriptions.$inferSelect,
  "id" | "items" | "discountBasisPoints" | "taxBasisPoints" | "currentPeriodEnd"
>;

/** The one-click cancel page (built with the account's subscription self-service). */
export const cancelPath = (subscriptionId: string) => `/account/subscriptions/${subscriptionId}/cancel`;

/**
 * A subscription's terms as its emails repeat them: what each renewal charges (free shipping, the
 * subscribed state's tax), the next charge, how to cancel, and the cancel link (absolute when the
 * shop knows its public URL).
 */
export function subscriptionTermsOf(subscription: Subscription, publicUrl = ""): SubscriptionTerms {
  const price = renewalPrice(subscription);
  const paragraphs = subscriptionTermsSummary({
    totalCents: price.totalCents,
    shippingCents: 0,
    taxCents: price.taxCents,
    nextCharge: subscription.currentPeriodEnd ?? new Date(),
  });
  return { paragraphs, cancelUrl: publicUrl + cancelPath(subscription.id) };
}
