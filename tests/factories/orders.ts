import type { Db } from "../../server/db/client.ts";
import { orders } from "../../server/db/schema/index.ts";
import { newStatusToken } from "../../server/orders/status-token.ts";

export type Order = typeof orders.$inferSelect;

/** An unpaid one-time order for $59.99 (as checkout creates it); pass overrides for anything else. */
export async function createOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<Order> {
  const [row] = await db
    .insert(orders)
    .values({ subtotalCents: 5999, totalCents: 5999, statusToken: newStatusToken(), ...overrides })
    .returning();
  return row!;
}
