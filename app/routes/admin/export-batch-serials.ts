import { data } from "react-router";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { getBatch } from "~server/validity/batches.ts";
import { serialsCsvExport } from "~server/validity/serials.ts";
import type { Route } from "./+types/export-batch-serials";

/** GET /admin/batches/:batchId/serials.csv: the batch's serials for the label printer, streamed. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = context.database.db;
  const batch = await getBatch(db, params.batchId);
  if (!batch) throw data("Batch not found", { status: 404 });
  const name = `serials-${batch.batchNumber.replace(/[^A-Za-z0-9_-]+/g, "_")}`;
  return csvResponse(streamCsv(serialsCsvExport(db, batch), request.signal), name);
}
