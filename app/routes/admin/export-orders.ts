import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { orderCsvExport } from "~server/exports/orders-csv.ts";
import { parseOrderFilter } from "~server/orders/order-filter.ts";
import type { Route } from "./+types/export-orders";

/**
 * GET /admin/orders/export.csv?status=…&q=…: the order list with the admin's current filter
 * (server/orders/order-filter.ts; a bad parameter is left out, as on the list), streamed.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { filter } = parseOrderFilter(new URL(request.url).searchParams);
  const source = orderCsvExport(context.database.db, { filter });
  return csvResponse(streamCsv(source, request.signal), "orders");
}
