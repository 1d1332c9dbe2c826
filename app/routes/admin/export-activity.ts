import { activityCsvExport } from "~server/audit/csv.ts";
import { activityQuerySchema } from "~server/audit/query.ts";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import type { Route } from "./+types/export-activity";

/** GET /admin/activity/export.csv: the activity log with the screen's filters, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { after: _ignored, ...filters } = activityQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return csvResponse(streamCsv(activityCsvExport(context.database.db, filters), request.signal), "activity");
}
