import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { subscriptionEvents, type subscriptions } from "../db/schema/index.ts";

type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionActor = (typeof subscriptionEvents.$inferSelect)["actor"];
export type SubscriptionEvent = Pick<
  typeof subscriptionEvents.$inferSelect,
  "id" | "actor" | "action" | "before" | "after" | "createdAt"
>;

/** The fields of a subscription its history records (dates as ISO text, items as one line each). */
export function snapshotOf(row: Subscription): Record<string, unknown> {
  return {
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    items: row.items.map(
      (item) => `${item.name}${item.weight ? ` (${item.weight})` : ""} × ${item.quantity}`,
    ),
    monthlyTotalCents: row.monthlyTotalCents,
  };
}

/** One history line, written in the transaction of the change it describes. */
export async function recordSubscriptionEvent(
  tx: Tx | Db,
  event: {
    subscriptionId: string;
    actor: SubscriptionActor;
    action: string;
    before: Subscription | null;
    after: Subscription | null;
  },
): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    subscriptionId: event.subscriptionId,
    actor: event.actor,
    action: event.action,
    before: event.before ? snapshotOf(event.before) : null,
    after: event.after ? snapshotOf(event.after) : null,
  });
}

/** A subscription's history, newest first (the admin detail page). */
export function listSubscriptionEvents(
  db: Db,
  subscriptionId: string,
  limit = 100,
): Promise<SubscriptionEvent[]> {
  return db
    .select({
      id: subscriptionEvents.id,
      actor: subscriptionEvents.actor,
      action: subscriptionEvents.action,
      before: subscriptionEvents.before,
      after: subscriptionEvents.after,
      createdAt: subscriptionEvents.createdAt,
    })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionEvents.createdAt), desc(subscriptionEvents.id))
    .limit(limit);
}
