import { eq } from "drizzle-orm";
import type { ShipmentInput } from "../../core/forms/shipment-form.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { queueReviewInvitationSafely } from "../reviews/invitation.ts";
import { type OrderStatus, type StatusChange, updateOrderStatus } from "./status.ts";
import { statusMessage } from "./status-email.ts";
import { claimDueStatusNotices, dropStatusNotice, holdStatusNotice, isUndoable } from "./status-notices.ts";

/**
 * An admin's status change (Orders Management): sets the status (with the carrier and tracking
 * number when shipping) and, when the status actually changed, emails the buyer about it: once
 * per status per order (see statusEmailKey). Null when there is no such paid order.
 */
export async function changeOrderStatus(
  db: Db,
  mailer: Pick<Mailer, "send" | "publicUrl" | "linkSecret">,
  orderId: string,
  status: OrderStatus,
  options: {
    shipment?: ShipmentInput;
    /** The admin making the change, recorded on a cancel's stock movements. */
    actorId?: string | null;
    log?: Partial<Pick<Logger, "warn">>;
    /**
     * Hold the customer's email for a minute so the change can be undone first (the orders
     * table's dropdown); a cancel, which restocks at once, is never held.
     */
    holdForUndo?: boolean;
    now?: Date;
  } = {},
): Promise<(StatusChange & { undoableUntil: Date | null }) | null> {
  const { shipment, actorId = null, log, holdForUndo = false, now = new Date() } = options;
  const change = await updateOrderStatus(db, orderId, status, shipment, actorId);
  if (!change) return null;
  if (change.previous === change.status) return { ...change, undoableUntil: null };
  if (holdForUndo && isUndoable(change.status)) {
    return { ...change, undoableUntil: await holdStatusNotice(db, change, now) };
  }
  // A change made without a hold replaces any held email: the customer hears of this status now.
  await dropStatusNotice(db, change.id);
  await announceStatus(db, mailer, change, log);
  return { ...change, undoableUntil: null };
}

/** The customer's email about a status the order reached, and the review invitation on delivery. */
export async function announceStatus(
  db: Db,
  mailer: Pick<Mailer, "send" | "publicUrl" | "linkSecret">,
  change: Pick<StatusChange, "id" | "status">,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<void> {
  await sendStatusEmailSafely(db, mailer, change, log);
  // Received: the buyer is invited to review (docs/reviews.md), once per order.
  if (change.status === "delivered") await queueReviewInvitationSafely(db, mailer, change.id, log);
}

/** Emails the customers whose held status change was not undone in time (the background, each minute). */
export async function sendDueStatusNotices(
  db: Db,
  mailer: Pick<Mailer, "send" | "publicUrl" | "linkSecret">,
  now: Date,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<number> {
  const due = await claimDueStatusNotices(db, now);
  for (const change of due) await announceStatus(db, mailer, change, log);
  return due.length;
}

/**
 * After the status committed: a failing outbox must not turn a saved change into an error (the
 * admin would retry a change that is already made). The buyer misses that one email; logged.
 */
async function sendStatusEmailSafely(
  db: Db,
  mailer: Pick<Mailer, "send">,
  change: Pick<StatusChange, "id" | "status">,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<void> {
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, change.id));
    if (!order) return;
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, change.id));
    const message = statusMessage(order, items, change.status);
    if (message) await mailer.send(message);
  } catch (error) {
    log?.warn?.({ err: error, orderId: change.id, status: change.status }, "order status email not queued");
  }
}
