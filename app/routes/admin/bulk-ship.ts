import { data } from "react-router";
import { MAX_TRACKING_CSV_BYTES, type TrackingCsvRow, trackingCsvRows } from "~core/orders/bulk-orders.ts";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { applyPreviewed, createBulkRequest, requestNotFound } from "~server/bulk-orders/requests.ts";
import { resolveSelection } from "~server/bulk-orders/selection.ts";
import {
  oneCarrierRows,
  previewShipments,
  type ShipmentPreviewRow,
} from "~server/bulk-orders/tracking-preview.ts";
import type { Db } from "~server/db/client.ts";
import { InvalidInputError } from "~server/errors.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/bulk-ship";
import { bulkKey, readSelection, startBulkRun } from "./bulk-orders.server.ts";

/** Rows sent back with a preview: every error, then valid rows up to this many. */
const PREVIEW_ROWS = 200;

export type BulkShipData = {
  preview: { requestId: string; valid: number; invalid: number; rows: ShipmentPreviewRow[] } | null;
  requestId: string | null;
  toast: ReturnType<typeof actionToast> | null;
};

/**
 * POST /admin/orders/bulk/ship. `intent=preview`: a tracking CSV (file `tracking`) or one carrier
 * with a number per order (`carrier`, `carrierName`, `tracking:<orderId>`) is checked row by row
 * and saved as a preview; nothing changes yet. `intent=apply` with its `requestId` ships the
 * preview's valid rows (once, however often it is applied).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_TRACKING_CSV_BYTES + 64 * 1024) return tooLarge();
  const form = await request.formData();
  const { db } = context.database;
  const done = await settle(context.log, "bulk ship failed", async (): Promise<BulkShipData> => {
    if (form.get("intent") === "apply") {
      const applied = await applyPreviewed(db, String(form.get("requestId") ?? ""));
      if (applied?.kind !== "ship") throw requestNotFound();
      await startBulkRun(context, applied);
      return { preview: null, requestId: applied.id, toast: null };
    }
    const key = bulkKey(form);
    const ids = await resolveSelection(db, readSelection(form));
    const rows = await previewShipments(db, await shipmentRows(db, form, ids), ids);
    const valid = rows.filter((r) => !r.error && r.orderId && r.shipment);
    const { request: bulk } = await createBulkRequest(db, {
      key,
      kind: "ship",
      actorId: context.get(adminUser).id,
      state: "previewed",
      items: valid.map((r) => ({ orderId: r.orderId as string, position: r.line, shipment: r.shipment })),
    });
    const invalid = rows.filter((r) => r.error);
    const shown = [...invalid, ...valid].slice(0, Math.max(PREVIEW_ROWS, invalid.length));
    return {
      preview: { requestId: bulk.id, valid: valid.length, invalid: invalid.length, rows: shown },
      requestId: null,
      toast: null,
    };
  });
  if (!done.ok) return failureData(done, { preview: null, requestId: null });
  return data(done.value);
}

/** The rows to check: the uploaded file's, or the one-carrier form's (one per selected order). */
async function shipmentRows(db: Db, form: FormData, selectedIds: string[]): Promise<TrackingCsvRow[]> {
  const file = form.get("tracking");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_TRACKING_CSV_BYTES) throw csvTooLarge();
    return trackingCsvRows(await file.text());
  }
  const carrier = String(form.get("carrier") ?? "");
  if (!carrier)
    throw new InvalidInputError(
      { title: "Nothing to ship", description: "Upload a tracking CSV or choose a carrier." },
      { tracking: ["Choose a CSV file or a carrier"] },
    );
  const carrierText = carrier === "other" ? String(form.get("carrierName") ?? "") || "other" : carrier;
  const numbers = new Map<string, string>();
  for (const [name, value] of form) {
    if (name.startsWith("tracking:") && typeof value === "string") numbers.set(name.slice(9), value);
  }
  return oneCarrierRows(db, selectedIds, carrierText, numbers);
}

const csvTooLarge = () =>
  new InvalidInputError(
    {
      title: "File too large",
      description: `The tracking CSV may be at most ${MAX_TRACKING_CSV_BYTES / 1024} KB (10,000 rows). Split it and upload the parts.`,
    },
    { tracking: [`Choose a CSV of at most ${MAX_TRACKING_CSV_BYTES / 1024} KB`] },
  );

/** Answered without reading the body (the body limit would cut it off anyway). */
function tooLarge() {
  const error = csvTooLarge();
  return data(
    { preview: null, requestId: null, toast: actionToast({ ...error.userMessage, variant: "destructive" }) },
    { status: 413, headers: { Connection: "close" } },
  );
}
