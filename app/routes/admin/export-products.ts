import { catalogCsvExport } from "~server/catalog-csv/export-catalog.ts";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import type { Route } from "./+types/export-products";

/** GET /admin/products/export.csv: the catalog as Shopify's product CSV, streamed (docs/migrating.md). */
export function loader({ request, context }: Route.LoaderArgs) {
  const csv = catalogCsvExport(context.database.db, { publicUrl: context.config.publicUrl });
  return csvResponse(streamCsv(csv, request.signal), "products");
}
