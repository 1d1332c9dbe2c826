import type { SubscriptionRef } from "../provider.ts";
import { type SubscriptionChanger, unsupported } from "../subscription-changes.ts";
import type { PaypalClient } from "./client.ts";
import { cancelPaypalSubscription } from "./subscriptions.ts";

/** Where a PayPal customer changes the card or account behind their automatic payments. */
export const PAYPAL_AUTOPAY_URL = "https://www.paypal.com/myaccount/autopay/";

function paypalId(subscription: SubscriptionRef): string {
  if (!subscription.providerSubscriptionId) throw new Error("Subscription has no PayPal id");
  return encodeURIComponent(subscription.providerSubscriptionId);
}

/**
 * PayPal: a pause is suspend, resuming is activate (our background job activates it on the resume
 * date). PayPal has no "skip one cycle", and a plan revision needs the buyer's approval at PayPal,
 * so both are refused with a message; the payment method is changed in the buyer's PayPal account.
 */
export function createPaypalChanger(client: PaypalClient): SubscriptionChanger {
  const act = (subscription: SubscriptionRef, action: "suspend" | "activate", reason: string) =>
    client.request(`/v1/billing/subscriptions/${paypalId(subscription)}/${action}`, { body: { reason } });
  return {
    async pause(subscription, plan) {
      if (plan.kind === "skip") {
        throw unsupported(
          "PayPal cannot skip a single delivery. Pause for a month instead, or cancel and subscribe again later.",
        );
      }
      await act(subscription, "suspend", `Paused by the customer for ${plan.months} month(s)`);
    },
    resume: (subscription) => act(subscription, "activate", "Resumed by the customer").then(() => undefined),
    async changeItems() {
      throw unsupported(
        "PayPal asks you to approve a new price at PayPal, which this shop cannot do for you. Cancel and subscribe again with the items you want.",
      );
    },
    cancelNow: (subscription) => cancelPaypalSubscription(client, decodeURIComponent(paypalId(subscription))),
    paymentMethod: async () => ({ url: PAYPAL_AUTOPAY_URL }),
  };
}
