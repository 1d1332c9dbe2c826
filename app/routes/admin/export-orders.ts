import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { orderCsvExport } from "~server/exports/orders-csv.ts";
import type { Route } from "./+types/export-orders";

/** GET /admin/orders/export.csv?q=…: the order list with the admin's current search, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams.get("q") ?? "";
  const source = orderCsvExport(context.database.db, { search });
  return csvResponse(streamCsv(source, request.signal), "orders");
}
