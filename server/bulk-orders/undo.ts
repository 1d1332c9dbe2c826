import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { bulkOrderItems } from "../db/schema/index.ts";
import { undoStatusChange } from "../orders/status-notices.ts";
import { getBulkRequest } from "./requests.ts";

/**
 * Undo of a bulk status change within its minute (the dropdown's rule, docs/fulfilment.md): every
 * order whose customer has not been emailed yet goes back; the rest are counted as too late.
 */
export async function undoBulkStatus(
  db: Db,
  requestId: string,
  now = new Date(),
): Promise<{ undone: number; tooLate: number } | null> {
  const request = await getBulkRequest(db, requestId);
  if (request?.kind !== "status") return null;
  const items = await db
    .select({ orderId: bulkOrderItems.orderId, previousStatus: bulkOrderItems.previousStatus })
    .from(bulkOrderItems)
    .where(
      and(
        eq(bulkOrderItems.requestId, request.id),
        eq(bulkOrderItems.state, "done"),
        isNotNull(bulkOrderItems.previousStatus),
      ),
    );
  let undone = 0;
  let tooLate = 0;
  for (const item of items) {
    if (item.previousStatus === request.status) continue;
    const result = await undoStatusChange(db, item.orderId, now);
    if (result.ok) undone++;
    else tooLate++;
  }
  return { undone, tooLate };
}
