import { and, desc, eq, lte, or, sql } from "drizzle-orm";
import { SHIPPED_RECEIVED_AFTER_DAYS } from "../../core/reviews.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, reviews } from "../db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const shippedBefore = new Date(now.getTime() - SHIPPED_RECEIVED_AFTER_DAYS * DAY_MS);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, "paid"),
        eq(orderItems.productId, productId),
        or(
          eq(orders.status, "delivered"),
          and(eq(orders.status, "shipped"), lte(orders.shippedAt, shippedBefore)),
        ),
      ),
    )
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
