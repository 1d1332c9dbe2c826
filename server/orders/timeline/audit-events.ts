import { statusLabel } from "../../../core/orders/order-status-change.ts";
import { carrierDisplayName, isCarrier } from "../../../core/orders/shipment.ts";
import { type AuditEntryRow, entityTimeline } from "../../audit/query.ts";
import type { Db } from "../../db/client.ts";
import type { TimelineEvent } from "./events.ts";

/**
 * What staff did to the order, from the audit log: who changed its status, who shipped it or
 * corrected its tracking. Refunds and notes have tables of their own (table-events.ts), so their
 * audit entries are not repeated here.
 */
export async function auditEvents(db: Db, orderId: string): Promise<TimelineEvent[]> {
  const entries = await entityTimeline(db, "order", orderId);
  return entries.flatMap((entry): TimelineEvent[] => {
    const title = titleOf(entry);
    if (!title) return [];
    return [
      {
        id: `audit:${entry.id}`,
        at: entry.createdAt,
        kind: entry.action === "status" ? "status" : "shipment",
        title,
        detail: shipmentOf(entry),
        actor: entry.actorName,
      },
    ];
  });
}

type Changes = AuditEntryRow["changes"];
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const statusWord = (value: unknown) => statusLabel(text(value) ?? "—");

function titleOf(entry: AuditEntryRow): string | null {
  const status = (entry.changes as Changes).status;
  if (entry.action === "status" && status)
    return `Status changed from ${statusWord(status.from)} to ${statusWord(status.to)}`;
  if (entry.action === "ship") return "Shipping details saved";
  if (entry.action === "tracking") return "Tracking corrected";
  return null;
}

/** "UPS: 1Z…" when the entry set a tracking number. */
function shipmentOf(entry: AuditEntryRow): string | null {
  const changes = entry.changes as Changes;
  const tracking = text(changes.trackingNumber?.to);
  if (!tracking) return null;
  const carrier = changes.carrier?.to;
  const name = text(changes.carrierName?.to);
  return `${isCarrier(carrier) ? carrierDisplayName(carrier, name) : "Carrier"}: ${tracking}`;
}
