import { creatorPayableCsvExport } from "~server/exports/creator-payable-csv.ts";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import type { Route } from "./+types/export-creator-payable";

/** GET /admin/creator-commissions/payable.csv: every creator's payable balance, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return csvResponse(
    streamCsv(creatorPayableCsvExport(context.database.db), request.signal),
    "creator-payable",
  );
}
