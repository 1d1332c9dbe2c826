import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";

/**
 * The number of a subscription's first paid order (#1001), read beside `subscriptions` rows:
 * customers and staff name a subscription by the order that started it (core/orders/order-number.ts
 * subscriptionRef); null before any order was paid. Names are written out: drizzle leaves columns
 * unqualified in a one-table select, where "id" inside the subquery would be the order's own.
 */
export const firstOrderNumber = sql<number | null>`(
  select min(o.number) from orders o where o.subscription_id = subscriptions.id
)`;

/** The first order's number of one subscription (see firstOrderNumber). */
export async function firstOrderNumberOf(db: Db, subscriptionId: string): Promise<number | null> {
  const [row] = await db
    .select({ number: firstOrderNumber })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.number ?? null;
}
