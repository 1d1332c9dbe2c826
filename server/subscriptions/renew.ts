import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders, subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";

export type RenewResult =
  | { ok: true; orderId: string; currentPeriodEnd: Date }
  | { ok: false; reason: "not_found" | "not_active" | "canceled_at_period_end" };

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setMonth(next.getMonth() + 1);
  return next;
}

/**
 * One monthly renewal of a sandbox subscription: a new paid order with the subscribed items at
 * the subscribed price (the coupon was for the first order only), shipped to the address of the
 * previous order, the period moved on a month, and a renewal email. A subscription cancelled at
 * period end ends instead. The row lock keeps two renewals from running at once.
 */
export async function renewSubscription(
  db: Db,
  mailer: Pick<Mailer, "send">,
  subscriptionId: string,
  now = new Date(),
): Promise<RenewResult> {
  const result = await db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for("update");
    if (!subscription) return { ok: false as const, reason: "not_found" as const };
    if (subscription.status !== "active") return { ok: false as const, reason: "not_active" as const };
    if (subscription.cancelAtPeriodEnd) {
      await tx
        .update(subscriptions)
        .set({ status: "canceled", canceledAt: now })
        .where(eq(subscriptions.id, subscriptionId));
      return { ok: false as const, reason: "canceled_at_period_end" as const };
    }
    const [previous] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.paymentStatus, "paid")))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const subtotalCents = subscription.items.reduce(
      (sum, item) => sum + item.unitPriceCents * item.quantity,
      0,
    );
    const totalCents = Math.round((subtotalCents * (10000 - subscription.discountBasisPoints)) / 10000);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: subscription.userId,
        paymentStatus: "paid",
        purchaseType: "subscription",
        paymentMethod: previous?.paymentMethod ?? "card",
        provider: subscription.provider,
        name: previous?.name,
        email: previous?.email,
        phone: previous?.phone,
        shippingAddress: previous?.shippingAddress,
        subtotalCents,
        subscriptionDiscountCents: subtotalCents - totalCents,
        totalCents,
        subscriptionId,
        paidAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      subscription.items.map((item) => ({
        orderId: order!.id,
        productId: item.productId || null,
        name: item.name,
        weight: item.weight,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        lineTotalCents: item.unitPriceCents * item.quantity,
        imageUrl: item.imageUrl,
      })),
    );
    const currentPeriodEnd = addMonth(subscription.currentPeriodEnd ?? now);
    await tx.update(subscriptions).set({ currentPeriodEnd }).where(eq(subscriptions.id, subscriptionId));
    return { ok: true as const, order: order!, currentPeriodEnd };
  });
  if (!result.ok) return result;
  const { order, currentPeriodEnd } = result;
  if (order.email) {
    const shortId = order.id.slice(0, 8);
    await mailer.send({
      to: order.email,
      subject: `Subscription renewed: order #${shortId}`,
      template: "subscription-renewal",
      props: {
        name: order.name ?? "",
        shortId,
        totalCents: order.totalCents,
        nextRenewal: currentPeriodEnd.toISOString().slice(0, 10),
      },
    });
  }
  return { ok: true, orderId: order.id, currentPeriodEnd };
}
