import { and, desc, eq } from "drizzle-orm";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderItems, orders, type subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { nextOrderNumber } from "../orders/order-number.ts";
import { queuePaymentEmailSafely, renewalMessage } from "../orders/payment-email.ts";

type Subscription = typeof subscriptions.$inferSelect;
export type RenewalOrder = typeof orders.$inferSelect;

export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + 1);
  return next;
}

/**
 * The paid order of one renewal: the subscribed items at the subscribed price (the coupon was
 * for the first order only), shipped to the address of the previous order. A provider's payment
 * id (Stripe invoice, PayPal sale) is stored as the order's provider session id, whose unique
 * index makes a repeated webhook a no-op: null is returned when that payment already has its order.
 */
export async function insertRenewalOrder(
  tx: Tx,
  subscription: Subscription,
  payment: { paidAt: Date; providerPaymentId?: string },
): Promise<RenewalOrder | null> {
  const [previous] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscription.id), eq(orders.paymentStatus, "paid")))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const { subtotalCents, volumeDiscountCents, goodsCents, taxCents, totalCents } = renewalPrice(subscription);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: subscription.userId,
      paymentStatus: "paid",
      number: nextOrderNumber(),
      purchaseType: "subscription",
      paymentMethod: previous?.paymentMethod ?? "card",
      provider: subscription.provider,
      providerSessionId: payment.providerPaymentId ?? null,
      name: previous?.name,
      email: previous?.email,
      phone: previous?.phone,
      shippingAddress: previous?.shippingAddress,
      subtotalCents,
      volumeDiscountCents,
      subscriptionDiscountCents: subtotalCents - volumeDiscountCents - goodsCents,
      shippingRateName: previous ? "Free shipping" : null,
      taxCents,
      taxBasisPoints: taxCents > 0 ? subscription.taxBasisPoints : 0,
      taxState: taxCents > 0 ? (previous?.taxState ?? null) : null,
      totalCents,
      subscriptionId: subscription.id,
      paidAt: payment.paidAt,
      paymentEmailDue: true,
    })
    .onConflictDoNothing()
    .returning();
  if (!order) return null;
  await tx.insert(orderItems).values(
    subscription.items.map((item) => ({
      orderId: order.id,
      productId: item.productId || null,
      variantId: item.variantId ?? null,
      name: item.name,
      weight: item.weight,
      sku: item.sku ?? null,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      lineTotalCents: item.unitPriceCents * item.quantity,
      volumeDiscountCents: item.volumeDiscountCents ?? 0,
      imageUrl: item.imageUrl,
    })),
  );
  return order;
}

/** The renewal email, queued after the transaction committed (never failing the renewal). */
export function sendRenewalEmail(
  db: Db,
  mailer: Pick<Mailer, "send">,
  order: RenewalOrder,
  nextRenewal: Date,
): Promise<boolean> {
  return queuePaymentEmailSafely(db, mailer, order, renewalMessage(order, nextRenewal));
}
