import { and, desc, eq, inArray } from "drizzle-orm";
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

/**
 * How the current pause came about (issue 31): a skip of the next delivery reads as skipped, with
 * the delivery date it skipped; a pause reads as paused. From the latest skip or pause in the
 * history; null when there is none.
 */
export async function latestPauseOf(
  db: Db,
  subscriptionId: string,
): Promise<{ kind: "skip" | "pause"; skippedRenewal: string | null } | null> {
  const [event] = await db
    .select({ action: subscriptionEvents.action, before: subscriptionEvents.before })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        inArray(subscriptionEvents.action, ["skip", "pause"]),
      ),
    )
    .orderBy(desc(subscriptionEvents.createdAt))
    .limit(1);
  if (!event) return null;
  const renewal = event.before?.currentPeriodEnd;
  return {
    kind: event.action === "skip" ? "skip" : "pause",
    skippedRenewal: typeof renewal === "string" ? renewal : null,
  };
}
