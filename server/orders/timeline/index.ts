import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { orders } from "../../db/schema/index.ts";
import { auditEvents } from "./audit-events.ts";
import { mergeTimelines, type TimelineEvent } from "./events.ts";
import { orderRowEvents } from "./order-events.ts";
import { emailEvents, heldStatusEvents, noteEvents, refundEvents, webhookEventsOf } from "./table-events.ts";

export { mergeTimelines, type TimelineEvent } from "./events.ts";

/**
 * The timeline of a paid order, newest first: placed, paid, status changes, shipment, emails,
 * refunds, notes, webhook events and what staff did (the audit log), each read from the table that records it. Null when there is
 * no such paid order.
 */
export async function orderTimeline(db: Db, orderId: string): Promise<TimelineEvent[] | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid")));
  if (!order) return null;
  const refunds = await refundEvents(db, order.id);
  const [emails, notes, held, webhooks, staff] = await Promise.all([
    emailEvents(db, order.id, refunds.refundIds),
    noteEvents(db, order.id),
    heldStatusEvents(db, order.id),
    webhookEventsOf(db, order),
    auditEvents(db, order.id),
  ]);
  return mergeTimelines(orderRowEvents(order), emails, held, refunds.events, notes, webhooks, staff);
}
