import { adminUser } from "~server/auth/guards.ts";
import { createBulkRequest } from "~server/bulk-orders/requests.ts";
import { resolveSelection } from "~server/bulk-orders/selection.ts";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { orderCsvExport } from "~server/exports/orders-csv.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/bulk-export";
import { bulkKey, readSelection } from "./bulk-orders.server.ts";

/**
 * POST /admin/orders/bulk/export.csv: the selected orders as the orders CSV (the same columns and
 * formula defence), streamed. The selection is saved first, so the export reads it in batches.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { db } = context.database;
  const saved = await settle(context.log, "bulk export failed", async () => {
    const ids = await resolveSelection(db, readSelection(form));
    return createBulkRequest(db, {
      key: bulkKey(form),
      kind: "selection",
      actorId: context.get(adminUser).id,
      state: "done",
      items: ids.map((orderId, i) => ({ orderId, position: i + 1 })),
    });
  });
  if (!saved.ok) return failureData(saved, {});
  const source = orderCsvExport(db, { selectionId: saved.value.request.id });
  return csvResponse(streamCsv(source, request.signal), "orders-selected");
}
