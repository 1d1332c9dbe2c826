import { and, eq, sql } from "drizzle-orm";
import { clearCart } from "../cart/cart.ts";
import type { Db } from "../db/client.ts";
import {
  couponReservations,
  coupons,
  couponUsages,
  orderItems,
  orders,
  subscriptions,
} from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaidSession } from "../payments/provider.ts";
import { renewalTotalCents, subscriptionDiscountBasisPoints } from "../subscriptions/renewal-order.ts";

export type FulfilResult = { orderId: string; fulfilled: boolean };

/**
 * Turns a paid payment session into a paid order, exactly once. The conditional UPDATE
 * (unpaid → paid … returning) lets one caller through however many call concurrently (provider
 * webhook, return page, reload); the others see nothing returned and do nothing. That one caller
 * records the coupon usage, starts a sandbox subscription, empties the cart and sends one email.
 */
export async function fulfilOrder(
  db: Db,
  mailer: Pick<Mailer, "send">,
  input: PaidSession & { now?: Date },
): Promise<FulfilResult> {
  const now = input.now ?? new Date();
  const { name, email, phone, address } = input.buyer;
  const order = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: now, name, email, phone, shippingAddress: address })
      .where(and(eq(orders.id, input.orderId), eq(orders.paymentStatus, "unpaid")))
      .returning();
    if (!paid) return null;

    // Only an order started with a coupon holds a reservation.
    const [reservation] = paid.couponId
      ? await tx.delete(couponReservations).where(eq(couponReservations.orderId, paid.id)).returning()
      : [];
    if (reservation) {
      await tx.insert(couponUsages).values({
        couponId: reservation.couponId,
        orderId: paid.id,
        userEmail: email,
        discountCents: paid.couponDiscountCents,
        usedAt: now,
      });
      await tx
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(eq(coupons.id, reservation.couponId));
    }

    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, paid.id));
    if (paid.purchaseType === "subscription" && paid.userId) {
      const discountBasisPoints = subscriptionDiscountBasisPoints(
        paid.subtotalCents,
        paid.subscriptionDiscountCents,
      );
      const periodEnd = new Date(now);
      periodEnd.setMonth(periodEnd.getMonth() + 1);
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          userId: paid.userId,
          provider: paid.provider,
          providerSubscriptionId: input.providerSubscriptionId ?? `sub_${paid.id}`,
          status: "active",
          items: items.map((item) => ({
            productId: item.productId ?? "",
            name: item.name,
            weight: item.weight,
            unitPriceCents: item.unitPriceCents,
            quantity: item.quantity,
            imageUrl: item.imageUrl,
          })),
          // The monthly price is the renewals' (a coupon only discounted this first order).
          monthlyTotalCents: renewalTotalCents(paid.subtotalCents, discountBasisPoints),
          discountBasisPoints,
          currentPeriodEnd: periodEnd,
        })
        .returning({ id: subscriptions.id });
      await tx.update(orders).set({ subscriptionId: subscription!.id }).where(eq(orders.id, paid.id));
    }
    if (paid.cartId) await clearCart(tx, paid.cartId);
    return { ...paid, items };
  });
  if (!order) return { orderId: input.orderId, fulfilled: false };

  // After commit: an email never announces an order whose transaction rolled back.
  await mailer.send({
    to: email,
    subject: `Order confirmation #${order.id.slice(0, 8)}`,
    template: "order-confirmation",
    props: {
      name,
      shortId: order.id.slice(0, 8),
      purchaseType: order.purchaseType,
      items: order.items.map((item) => ({
        name: item.name,
        weight: item.weight,
        quantity: item.quantity,
        lineTotalCents: item.lineTotalCents,
      })),
      subtotalCents: order.subtotalCents,
      subscriptionDiscountCents: order.subscriptionDiscountCents,
      couponCode: order.couponCode,
      couponDiscountCents: order.couponDiscountCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
    },
  });
  return { orderId: order.id, fulfilled: true };
}
