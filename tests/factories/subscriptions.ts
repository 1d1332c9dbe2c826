import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { productVariants, type SubscriptionItem, subscriptions } from "../../server/db/schema/index.ts";
import { createProduct } from "./catalog.ts";
import { daysFromNow, uniqueSuffix } from "./unique.ts";

export type Subscription = typeof subscriptions.$inferSelect;

export const defaultSubscriptionItem: SubscriptionItem = {
  productId: "",
  name: "Gold Grade Shilajit Resin",
  weight: "30g",
  unitPriceCents: 8999,
  quantity: 1,
  imageUrl: null,
};

/**
 * An active sandbox subscription of `userId` (one $89.99 item at 15% off: $76.49 a month),
 * renewing in 30 days; pass overrides for anything else.
 */
export async function createSubscription(
  db: Db,
  overrides: Partial<typeof subscriptions.$inferInsert> & { userId: string },
): Promise<Subscription> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      provider: "sandbox",
      providerSubscriptionId: `sub_test_${uniqueSuffix()}`,
      status: "active",
      items: [defaultSubscriptionItem],
      monthlyTotalCents: 7649,
      discountBasisPoints: 1500,
      currentPeriodEnd: daysFromNow(30),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A subscription to one unit of a real catalog product (so its items can be changed and
 * repriced): returns the subscription, the product and its variant.
 */
export async function createProductSubscription(
  db: Db,
  overrides: Parameters<typeof createSubscription>[1],
  product: { name?: string; priceCents?: number } = {},
) {
  const created = await createProduct(db, { priceCents: 4000, ...product });
  const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, created.id));
  const item: SubscriptionItem = {
    productId: created.id,
    variantId: variant!.id,
    name: created.name,
    weight: variant!.title,
    unitPriceCents: variant!.priceCents,
    quantity: 1,
    imageUrl: null,
  };
  const sub = await createSubscription(db, { items: [item], ...overrides });
  return { sub, product: created, variant: variant! };
}
