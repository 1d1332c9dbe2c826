import Stripe from "stripe";
import type { Buyer, PaidSession, PaymentProvider, ProviderOrder } from "../provider.ts";
import { idOf, refundStripePayment } from "./refunds.ts";
import { planCheckoutSession, sessionParams } from "./session-plan.ts";
import { stripeSubscriptionState } from "./subscription-state.ts";

/** Stripe refuses an expires_at less than 30 minutes after the session's creation. */
const STRIPE_MIN_SESSION_MS = 31 * 60_000;

export function createStripeProvider(stripe: Stripe, options: { publicUrl: string }): PaymentProvider {
  return {
    name: "stripe",
    capturesOnConfirm: false,

    async createSession(_tx, { order, items, expiresAt }) {
      // The session's expiry as Stripe accepts it; the orders side holds the coupon as long.
      const sessionExpiry = new Date(Math.max(expiresAt.getTime(), Date.now() + STRIPE_MIN_SESSION_MS));
      const plan = planCheckoutSession(order, items);
      const couponId =
        plan.firstChargeDiscountCents > 0
          ? (
              await stripe.coupons.create(
                {
                  amount_off: plan.firstChargeDiscountCents,
                  currency: "usd",
                  duration: "once",
                  max_redemptions: 1,
                  name: plan.discountName.slice(0, 40),
                },
                { idempotencyKey: `order-${order.id}-coupon` },
              )
            ).id
          : undefined;
      const session = await stripe.checkout.sessions.create(
        sessionParams(order, plan, { publicUrl: options.publicUrl, expiresAt: sessionExpiry, couponId }),
        { idempotencyKey: `order-${order.id}-session` },
      );
      if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
      return { sessionId: session.id, url: session.url, expiresAt: sessionExpiry };
    },

    async confirm(_db, order) {
      if (!order.providerSessionId) return null;
      const session = await stripe.checkout.sessions.retrieve(order.providerSessionId);
      return paidSession(order, session);
    },

    async cancel(_db, order) {
      if (!order.providerSessionId) return false;
      // A session the buyer completed meanwhile is paid: never report it as ended unpaid.
      return (await expireSession(stripe, order.providerSessionId)).status === "expired";
    },

    async cancelSubscription(subscription) {
      if (!subscription.providerSubscriptionId) throw new Error("subscription has no Stripe id");
      const updated = await stripe.subscriptions.update(subscription.providerSubscriptionId, {
        cancel_at_period_end: true,
      });
      return stripeSubscriptionState(updated);
    },

    refund: (request) => refundStripePayment(stripe, request),
  };
}

/** Expires an open session; one that is no longer open is returned as it is. */
async function expireSession(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    return stripe.checkout.sessions.retrieve(sessionId);
  }
}

/**
 * The paid session as fulfilment needs it; null while unpaid or without the buyer's details.
 * Stripe: payment_status "paid", "unpaid" or "no_payment_required" is what decides fulfilment, in
 * both modes — a complete session with a delayed payment method stays "unpaid" until
 * checkout.session.async_payment_succeeded. "no_payment_required" is a subscription whose first
 * invoice a coupon took to zero (the card is saved for the renewals).
 */
export function paidSession(
  order: Pick<ProviderOrder, "id" | "name" | "phone" | "shippingAddress">,
  session: Stripe.Checkout.Session,
): PaidSession | null {
  const orderId = order.id;
  const settled = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const paid =
    session.status === "complete" &&
    settled &&
    (session.mode !== "subscription" || Boolean(session.subscription));
  if (!paid || session.metadata?.order_id !== orderId) return null;
  const buyer = buyerOf(session, order);
  if (!buyer) return null;
  const subscription = session.subscription;
  const paymentIntent = idOf(session.payment_intent);
  return {
    orderId,
    buyer,
    ...(paymentIntent && { providerPaymentId: paymentIntent }),
    ...(subscription && {
      providerSubscriptionId: typeof subscription === "string" ? subscription : subscription.id,
    }),
  };
}

/** Stripe's buyer; the address our checkout took (on the order) when Stripe did not collect one. */
function buyerOf(
  session: Stripe.Checkout.Session,
  order: Pick<ProviderOrder, "name" | "phone" | "shippingAddress">,
): Buyer | null {
  const customer = session.customer_details;
  const shipping = session.collected_information?.shipping_details;
  const address = shipping?.address ?? customer?.address;
  const name = shipping?.name ?? order.name ?? customer?.name;
  if (!customer?.email || !name) return null;
  if (!address?.line1) {
    if (!order.shippingAddress) return null;
    return {
      name,
      email: customer.email,
      phone: customer.phone ?? order.phone ?? "",
      address: order.shippingAddress,
    };
  }
  return {
    name,
    email: customer.email,
    phone: customer.phone ?? "",
    address: {
      line1: address.line1,
      ...(address.line2 && { line2: address.line2 }),
      city: address.city ?? "",
      state: address.state ?? "",
      postalCode: address.postal_code ?? "",
      country: address.country ?? "US",
    },
  };
}
