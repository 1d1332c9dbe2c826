import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { couponReservations, orders } from "../db/schema/index.ts";
import type {
  PaidSession,
  PaymentMethod,
  PaymentProvider,
  ProviderOrder,
  ProviderOrderItem,
} from "../payments/provider.ts";
import { holdIsOver, paymentHoldRule } from "../reservations/hold-rule.ts";
import { closeUnpaidOrder } from "./close-order.ts";
import { freeOrderPayment, isFreeOrder } from "./free-order.ts";

/** An unpaid order's payment session and cart (a buyer's "cancel" from a hosted page), or null. */
export async function findUnpaidOrderSession(db: Db | Tx, orderId: string) {
  const [order] = await db
    .select({ provider: orders.provider, sessionId: orders.providerSessionId, cartId: orders.cartId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "unpaid")));
  return order ?? null;
}

/** The order a provider's session id (return URL token, webhook object) belongs to, or null. */
export async function findOrderForSession(
  db: Db | Tx,
  provider: PaymentProvider["name"],
  sessionId: string,
): Promise<ProviderOrder | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerSessionId, sessionId)))
    .limit(1);
  return order ?? null;
}

/**
 * Opens the provider's payment page for an unpaid order (inside checkout's transaction, which has
 * just written the order and its items and passes them) and records it on the order. When the
 * provider keeps the page payable longer than asked (Stripe: at least 30 minutes), the coupon use
 * stays reserved as long, so it cannot be paid unreserved.
 */
export async function openPaymentSession(
  tx: Tx,
  provider: PaymentProvider,
  input: { order: ProviderOrder; items: ProviderOrderItem[]; method: PaymentMethod; expiresAt: Date },
): Promise<{ sessionId: string; url: string }> {
  const { order } = input;
  const session = await provider.createSession(tx, input);
  await tx
    .update(orders)
    .set({
      providerSessionId: session.sessionId,
      ...(provider.name === "stripe" && { stripeSessionId: session.sessionId }),
      ...(provider.name === "paypal" &&
        order.purchaseType === "one_time" && { paypalOrderId: session.sessionId }),
    })
    .where(eq(orders.id, order.id));
  if (session.expiresAt > input.expiresAt) {
    await tx
      .update(couponReservations)
      .set({ expiresAt: session.expiresAt })
      .where(eq(couponReservations.orderId, order.id));
  }
  return { sessionId: session.sessionId, url: session.url };
}

/**
 * Asks the provider whether an unpaid order's session was paid. A provider that takes the money
 * on confirm (PayPal) is not asked once the order's payment window is over: its coupon hold has
 * ended (decision 011), so the order is closed instead.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  order: ProviderOrder,
): Promise<PaidSession | null> {
  if (order.paymentStatus !== "unpaid") return null;
  if (isFreeOrder(order)) return freeOrderPayment(db, order);
  if (
    provider.capturesOnConfirm &&
    order.purchaseType === "one_time" &&
    holdIsOver(paymentHoldRule, order.createdAt)
  ) {
    await db.transaction((tx) => closeUnpaidOrder(tx, order.id));
    return null;
  }
  return provider.confirm(db, order);
}

/**
 * Gives up an unpaid order's payment session (the buyer cancelled, or pressed Pay again): when the
 * provider says it ended unpaid, the order is expired and its coupon use released. A session the
 * buyer paid (or may still be paying) meanwhile is left alone. Returns the order id when closed.
 */
export async function cancelPayment(
  db: Db,
  provider: PaymentProvider,
  sessionId: string,
): Promise<string | null> {
  const order = await findOrderForSession(db, provider.name, sessionId);
  if (order?.paymentStatus !== "unpaid") return null;
  // A free order has no provider session to give up.
  if (!isFreeOrder(order) && !(await provider.cancel(db, order))) return null;
  const closed = await db.transaction((tx) => closeUnpaidOrder(tx, order.id));
  return closed ? order.id : null;
}
