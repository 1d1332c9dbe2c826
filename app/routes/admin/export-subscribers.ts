import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import { subscriberCsvExport } from "~server/exports/subscribers-csv.ts";
import { subscriberQuerySchema } from "~server/marketing/admin-subscribers.ts";
import type { Route } from "./+types/export-subscribers";

/** GET /admin/subscribers/export.csv: the marketing contacts the list's filters show, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = subscriberQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse(
    streamCsv(subscriberCsvExport(context.database.db, query), request.signal),
    "subscribers",
  );
}
