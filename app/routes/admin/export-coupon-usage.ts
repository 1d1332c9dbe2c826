import { couponUsageCsvExport } from "~server/exports/coupon-usage-csv.ts";
import { csvResponse, streamCsv } from "~server/exports/csv-stream.ts";
import type { Route } from "./+types/export-coupon-usage";

/** GET /admin/coupons/usage.csv: every coupon use, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return csvResponse(streamCsv(couponUsageCsvExport(context.database.db), request.signal), "coupon-usage");
}
