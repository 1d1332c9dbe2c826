import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";

/**
 * What a subscription's first success page says of it: the next charge date (the end of the month
 * just paid) and its id for the manage link. Null for an order without a subscription.
 */
export async function startedSubscription(
  db: Db,
  subscriptionId: string | null,
): Promise<{ id: string; nextChargeAt: string | null } | null> {
  if (!subscriptionId) return null;
  const [row] = await db
    .select({ id: subscriptions.id, nextChargeAt: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row ? { id: row.id, nextChargeAt: row.nextChargeAt?.toISOString() ?? null } : null;
}
