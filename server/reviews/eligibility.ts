import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { SHIPPED_RECEIVED_AFTER_DAYS } from "../../core/catalog/reviews.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, products, reviews } from "../db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid order that reached the customer: delivered, or shipped at least 7 days before `now`. */
function receivedBy(now: Date) {
  const shippedBefore = new Date(now.getTime() - SHIPPED_RECEIVED_AFTER_DAYS * DAY_MS);
  return and(
    eq(orders.paymentStatus, "paid"),
    or(
      eq(orders.status, "delivered"),
      and(eq(orders.status, "shipped"), lte(orders.shippedAt, shippedBefore)),
    ),
  );
}

/**
 * The customer's paid order that brought them this product (a verified purchase): delivered, or
 * shipped at least 7 days ago. Null when there is none. The newest such order wins.
 */
export async function receivedOrderId(
  db: Db,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), receivedBy(now)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** What the product page offers a signed-in customer: the form, or why not. */
export type ReviewEligibility = "can_review" | "already_reviewed" | "not_received";

export async function reviewEligibility(
  db: Db,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<ReviewEligibility> {
  const [existing] = await db
    .select({ one: sql`1` })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  if (existing) return "already_reviewed";
  return (await receivedOrderId(db, userId, productId, now)) ? "can_review" : "not_received";
}

/**
 * "Write a review" links for one of the customer's orders (My Orders → the order's page): its
 * products still in the catalog that they may review now (received, not reviewed yet).
 */
export async function reviewableProductsOfOrder(
  db: Db,
  userId: string,
  orderId: string,
  now = new Date(),
): Promise<{ name: string; slug: string }[]> {
  return db
    .selectDistinct({ name: products.name, slug: products.slug })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, and(eq(reviews.productId, products.id), eq(reviews.userId, userId)))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(reviews.id), receivedBy(now)))
    .orderBy(products.name);
}
