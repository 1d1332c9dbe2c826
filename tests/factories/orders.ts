import type { Db } from "../../server/db/client.ts";
import { orders } from "../../server/db/schema/index.ts";
import { nextOrderNumber } from "../../server/orders/order-number.ts";
import { newStatusToken } from "../../server/orders/status-token.ts";

export type Order = typeof orders.$inferSelect;

/** An unpaid one-time order for $59.99 (as checkout creates it); pass overrides for anything else. */
export async function createOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<Order> {
  const [row] = await db
    .insert(orders)
    .values({
      subtotalCents: 5999,
      totalCents: 5999,
      statusToken: newStatusToken(),
      // A paid order has its short number, as fulfilment gives it.
      ...(overrides.paymentStatus === "paid" && { number: nextOrderNumber() }),
      ...overrides,
    })
    .returning();
  return row!;
}
