import { eq } from "drizzle-orm";
import { recurringPrice } from "../../core/pricing/recurring-price.ts";
import type { Tx } from "../db/client.ts";
import { type orderItems, orders, subscriptions } from "../db/schema/index.ts";
import { linkRenewalConsent } from "./renewal-consent.ts";
import { addMonth } from "./renewal-order.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;
export type StartedSubscription = typeof subscriptions.$inferSelect;

/**
 * The subscription a paid subscription checkout starts (inside fulfilment's transaction): the
 * ordered items at the subscription rate, a month paid, the provider's agreement id (the sandbox
 * makes one up). The order is linked to it as the subscription's first order, and the buyer's
 * automatic-renewal consent to the subscription.
 */
export async function startSubscription(
  tx: Tx,
  order: Order,
  items: OrderItem[],
  providerSubscriptionId: string | undefined,
  now: Date,
): Promise<StartedSubscription | null> {
  if (!order.userId) return null;
  const { discountBasisPoints, monthlyCents } = recurringPrice(order);
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      userId: order.userId,
      provider: order.provider,
      providerSubscriptionId: providerSubscriptionId ?? `sub_${order.id}`,
      status: "active",
      items: items.map((item) => ({
        productId: item.productId ?? "",
        ...(item.variantId ? { variantId: item.variantId } : {}),
        ...(item.sku ? { sku: item.sku } : {}),
        name: item.name,
        weight: item.weight,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        ...(item.volumeDiscountCents > 0 ? { volumeDiscountCents: item.volumeDiscountCents } : {}),
        imageUrl: item.imageUrl,
      })),
      // The monthly price is the renewals' (a coupon only discounted this first order).
      monthlyTotalCents: monthlyCents,
      discountBasisPoints,
      taxBasisPoints: order.taxBasisPoints,
      currentPeriodEnd: addMonth(now),
    })
    .returning();
  await tx.update(orders).set({ subscriptionId: subscription!.id }).where(eq(orders.id, order.id));
  await linkRenewalConsent(tx, order.id, subscription!.id);
  return subscription!;
}
