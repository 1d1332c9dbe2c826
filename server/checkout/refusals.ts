import type { CouponRejection } from "../coupons/rules.ts";
import { InvalidInputError, ProviderFailureError, RateLimitedError, type UserMessage } from "../errors.ts";
import type { PaymentMethod } from "../payments/provider.ts";

/**
 * Why a payment did not start, thrown where it is found (inside checkout's transaction, so the
 * unpaid order and its holds roll back). Each is a DomainError with the spec's toast: the route
 * does not translate them, server/http/error-response.ts answers them.
 */

const paymentFailed = (description: string): UserMessage => ({ title: "Payment Failed", description });

export type CheckoutRefusalReason =
  | "empty_cart"
  | "unavailable_lines"
  | "sign_in_required"
  | "no_shipping_zone"
  /** A free order of a guest who gave no email: without a provider, nobody else supplies one. */
  | "email_required";

const refusalMessages: Record<CheckoutRefusalReason, UserMessage> = {
  empty_cart: { title: "Cart is empty" },
  sign_in_required: {
    title: "Authentication Required",
    description: "Please sign in to your account to create a subscription.",
  },
  unavailable_lines: paymentFailed(
    "Some items in your cart are sold out or no longer available. Remove them first.",
  ),
  no_shipping_zone: paymentFailed("We do not ship to this address yet. Please change the address."),
  email_required: {
    title: "Email Needed",
    description:
      'Your order is free: add your email under "Change address" so we can send your confirmation.',
  },
};

/** The cart or the buyer cannot pay as things stand (the person can put it right). */
export class CheckoutRefused extends InvalidInputError {
  constructor(readonly reason: CheckoutRefusalReason) {
    super(refusalMessages[reason]);
  }
}

/** The coupon does not apply (its own toast: "Invalid Coupon", "Coupon Expired"…). */
export class CouponRefused extends InvalidInputError {
  constructor(readonly rejection: CouponRejection) {
    super(rejection);
  }
}

const ONE_DAY_SECONDS = 24 * 60 * 60;

/** The coupon's daily cap of holds from this client is reached: a 429, not a coupon that fails. */
export class CouponHeldTooOften extends RateLimitedError {
  constructor(readonly rejection: CouponRejection) {
    super(rejection, ONE_DAY_SECONDS);
  }
}

export const couponRefusal = (rejection: CouponRejection) =>
  rejection.reason === "held_too_often" ? new CouponHeldTooOften(rejection) : new CouponRefused(rejection);

/** 'Payment Failed' descriptions when the provider could not open its payment page. */
const paymentNotStarted: Record<PaymentMethod, string> = {
  card: "We could not start the card payment. Please try again.",
  paypal: "We could not start the PayPal payment. Please try again.",
};

/** The card or PayPal provider refused or failed to open a session; `cause` has its answer. */
export class PaymentNotStarted extends ProviderFailureError {
  constructor(method: PaymentMethod, cause: unknown) {
    super(paymentFailed(paymentNotStarted[method]), { cause });
  }
}
