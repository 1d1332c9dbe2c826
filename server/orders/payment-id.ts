import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";

/**
 * Stores the provider's payment id on a paid order that has none yet (e.g. the PayPal sale of a
 * subscription's first month, reported after the return page fulfilled the order): it is what a
 * refund or reversal of that payment names.
 */
export async function rememberPaymentId(db: Db, orderId: string, providerPaymentId: string): Promise<void> {
  await db
    .update(orders)
    .set({ providerPaymentId })
    .where(and(eq(orders.id, orderId), isNull(orders.providerPaymentId)));
}
