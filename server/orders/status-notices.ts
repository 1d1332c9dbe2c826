import { and, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orderStatusNotices, orders } from "../db/schema/index.ts";
import type { OrderStatus, StatusChange } from "./status.ts";

/** How long an admin's status change can be undone before the customer is emailed about it. */
export const STATUS_UNDO_MS = 60_000;

/**
 * Changes whose email can wait for an undo. A cancel puts the items back in stock and claws back
 * the creator's commission at once, so it is confirmed up front instead and never held.
 */
export function isUndoable(status: OrderStatus): boolean {
  return status !== "cancelled";
}

/**
 * Holds the email about `change` until the undo window is over; returns when that is. A second
 * change within the window replaces the held one but keeps its `previous` status (what the
 * customer last heard of); a change back to that status leaves nothing to tell.
 */
export async function holdStatusNotice(db: Db, change: StatusChange, now: Date): Promise<Date | null> {
  const dueAt = new Date(now.getTime() + STATUS_UNDO_MS);
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ previousStatus: orderStatusNotices.previousStatus })
      .from(orderStatusNotices)
      .where(eq(orderStatusNotices.orderId, change.id))
      .for("update");
    const previousStatus = held?.previousStatus ?? change.previous;
    if (previousStatus === change.status) {
      await tx.delete(orderStatusNotices).where(eq(orderStatusNotices.orderId, change.id));
      return null;
    }
    await tx
      .insert(orderStatusNotices)
      .values({ orderId: change.id, status: change.status, previousStatus, dueAt })
      .onConflictDoUpdate({
        target: orderStatusNotices.orderId,
        set: { status: change.status, previousStatus, dueAt },
      });
    return dueAt;
  });
}

/** Forgets the held email of an order (its status changed without a hold, e.g. shipped or cancelled). */
export async function dropStatusNotice(db: Db, orderId: string): Promise<void> {
  await db.delete(orderStatusNotices).where(eq(orderStatusNotices.orderId, orderId));
}

export type UndoResult =
  | { ok: true; orderId: string; number: number | null; status: OrderStatus; undone: OrderStatus }
  | { ok: false; reason: "too_late" };

/**
 * Undoes a held status change while its window is open: the order goes back to the status before
 * it and the held email is dropped, so the customer never hears of the change. The notice row is
 * claimed by deleting it, so an undo and the background's send cannot both win.
 */
export async function undoStatusChange(db: Db, orderId: string, now = new Date()): Promise<UndoResult> {
  if (!isUuid(orderId)) return { ok: false, reason: "too_late" };
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .delete(orderStatusNotices)
      .where(and(eq(orderStatusNotices.orderId, orderId), gt(orderStatusNotices.dueAt, now)))
      .returning();
    if (!notice) return { ok: false as const, reason: "too_late" as const };
    const [order] = await tx
      .update(orders)
      .set({
        status: notice.previousStatus,
        // The stamp of the undone status goes with it (it was set by the change).
        ...(notice.status === "delivered" && notice.previousStatus !== "delivered" && { deliveredAt: null }),
      })
      .where(eq(orders.id, orderId))
      .returning({ number: orders.number });
    return {
      ok: true as const,
      orderId,
      number: order?.number ?? null,
      status: notice.previousStatus,
      undone: notice.status,
    };
  });
}

/**
 * The held emails whose window is over, claimed (deleted) for sending, across instances: each
 * row is deleted by exactly one caller. The customer hears only of a status the order still has.
 */
export async function claimDueStatusNotices(
  db: Db,
  now: Date,
): Promise<Pick<StatusChange, "id" | "status">[]> {
  const due = await db
    .delete(orderStatusNotices)
    .where(lte(orderStatusNotices.dueAt, now))
    .returning({ orderId: orderStatusNotices.orderId, status: orderStatusNotices.status });
  if (due.length === 0) return [];
  const current = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      inArray(
        orders.id,
        due.map((n) => n.orderId),
      ),
    );
  const statusOf = new Map(current.map((o) => [o.id, o.status]));
  return due
    .filter((n) => n.status !== "pending" && statusOf.get(n.orderId) === n.status)
    .map((n) => ({ id: n.orderId, status: n.status }));
}
