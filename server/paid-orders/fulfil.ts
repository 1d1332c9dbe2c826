import { and, eq, sql } from "drizzle-orm";
import { clearCart } from "../cart/cart.ts";
import { accrueCommission } from "../creators/ledger.ts";
import type { Db, Tx } from "../db/client.ts";
import { couponReservations, coupons, couponUsages, orderItems, orders } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { sendCheckoutOptInSafely } from "../marketing/checkout-wish.ts";
import type { OrderMailer } from "../orders/new-order-email.ts";
import { nextOrderNumber } from "../orders/order-number.ts";
import { confirmationMessage, queuePaymentEmailSafely } from "../orders/payment-email.ts";
import { confirmPayment, findOrderForSession } from "../orders/payment-session.ts";
import type { PaidSession, PaymentProvider } from "../payments/provider.ts";
import { takeReservedStock } from "../stock/take.ts";
import { startSubscription } from "../subscriptions/start.ts";

/*
 * server/paid-orders/: where a paid payment becomes a paid order (this file), for the return page
 * (complete-payment.ts), the webhooks (server/webhooks/payment-events.ts) and the reconciliation
 * (reconcile.ts). Paying an order touches the order, its subscription, the stock, the coupon and
 * the creator's commission, so it sits above orders/ and subscriptions/ and imports both: orders/
 * never imports subscriptions/ (a renewal, in subscriptions/, makes an order: that way round only).
 */

export type FulfilResult = { orderId: string; fulfilled: boolean };

type Order = typeof orders.$inferSelect;

/**
 * Turns a paid payment session into a paid order, exactly once. The conditional UPDATE
 * (unpaid → paid … returning) lets one caller through however many call concurrently (provider
 * webhook, return page, reload, reconciliation); the others see nothing returned and do nothing.
 * That one caller records the coupon usage and its creator's commission, takes the items from stock, starts a subscription, empties the cart and, after
 * commit, queues the confirmation email. A failing email never undoes or fails the payment: the
 * order keeps `payment_email_due` and the reconciliation queues it later.
 */
export async function fulfilOrder(
  db: Db,
  mailer: OrderMailer,
  input: PaidSession & { now?: Date },
  log?: Partial<Pick<Logger, "warn">>,
): Promise<FulfilResult> {
  const now = input.now ?? new Date();
  const paid = await db.transaction(async (tx) => {
    const { name, email, phone, address } = input.buyer;
    const [order] = await tx
      .update(orders)
      .set({
        paymentStatus: "paid",
        paidAt: now,
        // The short number customers and staff read (#1001), drawn when the order is paid.
        number: nextOrderNumber(),
        // The address our checkout took wins; the provider's buyer only fills what is missing.
        name: sql`coalesce(${orders.name}, ${name})`,
        email: sql`coalesce(${orders.email}, ${email})`,
        phone: sql`coalesce(${orders.phone}, ${phone})`,
        shippingAddress: sql`coalesce(${orders.shippingAddress}, ${address ? JSON.stringify(address) : null}::jsonb)`,
        paymentEmailDue: true,
        // What a refund names at the provider (Stripe payment intent, PayPal capture).
        ...(input.providerPaymentId && { providerPaymentId: input.providerPaymentId }),
      })
      .where(and(eq(orders.id, input.orderId), eq(orders.paymentStatus, "unpaid")))
      .returning();
    if (!order) return null;
    await recordCouponUsage(tx, order, now);
    await accrueCommission(tx, order, now);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const subscription =
      order.purchaseType === "subscription"
        ? await startSubscription(tx, order, items, input.providerSubscriptionId, now)
        : null;
    if (order.cartId) await clearCart(tx, order.cartId);
    // Last: taking stock locks each variant's row until commit, the row every buyer in a sale waits on.
    await takeReservedStock(tx, { id: order.id, items }, log);
    return { order, items, subscription };
  });
  if (!paid) return { orderId: input.orderId, fulfilled: false };
  // After commit: an email never announces an order whose transaction rolled back.
  await queuePaymentEmailSafely(
    db,
    mailer,
    paid.order,
    confirmationMessage(paid.order, paid.items, mailer.publicUrl, paid.subscription),
    log,
  );
  await sendCheckoutOptInSafely(db, mailer, paid.order, log);
  return { orderId: paid.order.id, fulfilled: true };
}

/** The order's coupon reservation becomes a usage (only an order started with a coupon holds one). */
async function recordCouponUsage(tx: Tx, order: Order, now: Date) {
  if (!order.couponId) return;
  const [reservation] = await tx
    .delete(couponReservations)
    .where(eq(couponReservations.orderId, order.id))
    .returning();
  if (!reservation) return;
  await tx.insert(couponUsages).values({
    couponId: reservation.couponId,
    orderId: order.id,
    userEmail: order.email ?? "",
    discountCents: order.couponDiscountCents,
    usedAt: now,
  });
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, reservation.couponId));
}

/**
 * Asks the provider whether a session was paid and, if so, fulfils its order (a no-op when that
 * is done already): the one path of return pages, webhooks and the reconciliation job. Null while
 * the provider does not confirm a payment.
 */
export async function confirmAndFulfil(
  db: Db,
  mailer: OrderMailer,
  provider: PaymentProvider,
  sessionId: string,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<FulfilResult | null> {
  const order = await findOrderForSession(db, provider.name, sessionId);
  if (!order) return null;
  // Paid already (webhook, sandbox page, an earlier visit): nothing to ask the provider.
  if (order.paymentStatus === "paid") return { orderId: order.id, fulfilled: false };
  const paid = await confirmPayment(db, provider, order);
  return paid ? fulfilOrder(db, mailer, paid, log) : null;
}
