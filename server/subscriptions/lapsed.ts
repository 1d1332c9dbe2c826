import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";

/**
 * PayPal cancels a subscription at once and sends nothing when the month already paid runs out, so
 * our "active until the period end" rows are ended here (the server's minute sweep).
 * Returns how many subscriptions ended.
 */
export async function endLapsedPaypalSubscriptions(db: Db, now = new Date()): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ status: "canceled" })
    .where(
      and(
        eq(subscriptions.provider, "paypal"),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, true),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ id: subscriptions.id });
  return ended.length;
}
