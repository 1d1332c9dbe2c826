import type { Db } from "../../server/db/client.ts";
import { orderItems, reviews } from "../../server/db/schema/index.ts";
import { createOrder, type Order } from "./orders.ts";

/**
 * A paid order of one product for a customer, by default delivered (what makes a review verified);
 * pass status "shipped" with shippedAt for the 7-day rule.
 */
export async function createReceivedOrder(
  db: Db,
  buyer: { userId: string; email?: string; name?: string },
  productId: string,
  overrides: Partial<Parameters<typeof createOrder>[1]> = {},
): Promise<Order> {
  const order = await createOrder(db, {
    paymentStatus: "paid",
    status: "delivered",
    deliveredAt: new Date(),
    userId: buyer.userId,
    email: buyer.email ?? "buyer@example.com",
    name: buyer.name ?? "Sam Customer",
    ...overrides,
  });
  await db.insert(orderItems).values({
    orderId: order.id,
    productId,
    name: "Reviewed product",
    unitPriceCents: 5999,
    quantity: 1,
    lineTotalCents: 5999,
  });
  return order;
}

/** A review row as moderation left it (approved by default). */
export async function createReview(
  db: Db,
  fields: { productId: string; userId: string } & Partial<typeof reviews.$inferInsert>,
) {
  const [row] = await db
    .insert(reviews)
    .values({ authorName: "Sam C.", rating: 5, body: "Great product.", status: "approved", ...fields })
    .returning();
  return row!;
}
