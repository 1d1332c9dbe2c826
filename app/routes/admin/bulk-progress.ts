import { data } from "react-router";
import { bulkProgress } from "~server/bulk-orders/requests.ts";
import type { Route } from "./+types/bulk-progress";

/** GET /admin/orders/bulk/:requestId: how far a bulk action got (the orders page polls it). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const progress = await bulkProgress(context.database.db, params.requestId);
  if (!progress) throw data("Bulk action not found", { status: 404 });
  return data(progress, { headers: { "Cache-Control": "no-store" } });
}
