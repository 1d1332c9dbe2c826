import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db, Tx } from "../../db/client.ts";
import { couponReservations, orderItems, orders, subscriptions } from "../../db/schema/index.ts";
import { closeUnpaidOrder } from "../close-order.ts";
import type { Buyer, PaidSession, PaymentProvider } from "../provider.ts";
import { planCheckoutSession, sessionParams } from "./session-plan.ts";
import { stripeSubscriptionState } from "./subscription-state.ts";

/** Stripe refuses an expires_at less than 30 minutes after the session's creation. */
const STRIPE_MIN_SESSION_MS = 31 * 60_000;

/** The order a Checkout Session was opened for (its id is stored on the order at creation). */
export async function orderIdForSession(db: Db | Tx, sessionId: string): Promise<string | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, "stripe"), eq(orders.providerSessionId, sessionId)))
    .limit(1);
  return order?.id ?? null;
}

export function createStripeProvider(stripe: Stripe, options: { publicUrl: string }): PaymentProvider {
  return {
    name: "stripe",

    async createSession(tx, { orderId, expiresAt }) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error(`order ${orderId} not found`);
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const sessionExpiry = await ensureStripeExpiry(tx, orderId, expiresAt);
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
                { idempotencyKey: `order-${orderId}-coupon` },
              )
            ).id
          : undefined;
      const session = await stripe.checkout.sessions.create(
        sessionParams(order, plan, { publicUrl: options.publicUrl, expiresAt: sessionExpiry, couponId }),
        { idempotencyKey: `order-${orderId}-session` },
      );
      if (!session.url) throw new Error(`Stripe returned no URL for session ${session.id}`);
      await tx
        .update(orders)
        .set({ providerSessionId: session.id, stripeSessionId: session.id })
        .where(eq(orders.id, orderId));
      return { sessionId: session.id, url: session.url };
    },

    async confirm(db, sessionId) {
      const orderId = await orderIdForSession(db, sessionId);
      if (!orderId) return null;
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return paidSession(orderId, session);
    },

    async cancel(db, sessionId) {
      const orderId = await orderIdForSession(db, sessionId);
      if (!orderId) return null;
      const session = await expireSession(stripe, sessionId);
      // A session the buyer completed meanwhile is paid: never expire its order.
      if (session.status !== "expired") return null;
      const closed = await db.transaction((tx) => closeUnpaidOrder(tx, orderId));
      return closed ? orderId : null;
    },

    async cancelSubscription(db, subscription) {
      if (!subscription.providerSubscriptionId) throw new Error("subscription has no Stripe id");
      const updated = await stripe.subscriptions.update(subscription.providerSubscriptionId, {
        cancel_at_period_end: true,
      });
      await db
        .update(subscriptions)
        .set({ ...stripeSubscriptionState(updated), cancelAtPeriodEnd: true })
        .where(eq(subscriptions.id, subscription.id));
    },
  };
}

/**
 * The session's expiry as Stripe accepts it (at least 30 minutes after creation). When that is
 * later than checkout's own expiry, the coupon reservation is held as long, so the coupon use
 * stays reserved for as long as the session can still be paid.
 */
async function ensureStripeExpiry(tx: Tx, orderId: string, expiresAt: Date): Promise<Date> {
  const earliest = new Date(Date.now() + STRIPE_MIN_SESSION_MS);
  if (expiresAt >= earliest) return expiresAt;
  await tx
    .update(couponReservations)
    .set({ expiresAt: earliest })
    .where(eq(couponReservations.orderId, orderId));
  return earliest;
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

/** The paid session as fulfilment needs it; null while unpaid or without the buyer's details. */
export function paidSession(orderId: string, session: Stripe.Checkout.Session): PaidSession | null {
  const paid =
    session.mode === "subscription"
      ? session.status === "complete" && Boolean(session.subscription)
      : session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (!paid || session.metadata?.order_id !== orderId) return null;
  const buyer = buyerOf(session);
  if (!buyer) return null;
  const subscription = session.subscription;
  return {
    orderId,
    buyer,
    ...(subscription && {
      providerSubscriptionId: typeof subscription === "string" ? subscription : subscription.id,
    }),
  };
}

function buyerOf(session: Stripe.Checkout.Session): Buyer | null {
  const customer = session.customer_details;
  const shipping = session.collected_information?.shipping_details;
  const address = shipping?.address ?? customer?.address;
  const name = shipping?.name ?? customer?.name;
  if (!customer?.email || !name || !address?.line1) return null;
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
