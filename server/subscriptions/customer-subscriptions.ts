import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db } from "../db/client.ts";
import { type SubscriptionItem, subscriptions } from "../db/schema/index.ts";
import { firstOrderNumber } from "./first-order.ts";

export type CustomerSubscription = {
  id: string;
  provider: (typeof subscriptions.$inferSelect)["provider"];
  status: (typeof subscriptions.$inferSelect)["status"];
  items: SubscriptionItem[];
  /** What each monthly renewal charges. */
  monthlyPriceCents: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  createdAt: Date;
  /** Its first paid order's number, how the customer names it (subscriptionRef). */
  firstOrderNumber: number | null;
};

/**
 * The signed-in customer's own subscriptions, newest first. 'incomplete' ones (a provider
 * checkout that never finished paying) are left out: the customer never had them.
 */
export async function listCustomerSubscriptions(db: Db, userId: string): Promise<CustomerSubscription[]> {
  const rows = await db
    .select({ ...getTableColumns(subscriptions), firstOrderNumber })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "incomplete")))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    status: row.status,
    items: row.items,
    monthlyPriceCents: renewalPrice(row).totalCents,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    createdAt: row.createdAt,
    firstOrderNumber: row.firstOrderNumber,
  }));
}
