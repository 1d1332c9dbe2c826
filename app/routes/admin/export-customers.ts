import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { customerCsvExport } from "~server/exports/customers-csv.ts";
import type { Route } from "./+types/export-customers";

/** GET /admin/customers/export.csv: every account with its paid orders and total spent, then the guest customers, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return csvResponse(streamCsv(customerCsvExport(context.database.db), request.signal), "customers");
}
