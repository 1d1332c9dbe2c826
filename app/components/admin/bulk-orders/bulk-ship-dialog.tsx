import { Truck, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import type { BulkShipData } from "~/routes/admin/bulk-ship.ts";
import { MAX_TRACKING_CSV_BYTES } from "~core/orders/bulk-orders.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { CARRIERS, carrierLabels } from "~core/orders/shipment.ts";
import { newBulkKey, type OrderSelection, selectionFields } from "./selection.ts";

export type ShippableOrder = { id: string; number: number | null; trackingNumber?: string | null };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: OrderSelection;
  /** The selected orders shown on this page (the one-carrier form lists them). */
  pageOrders: ShippableOrder[];
  onStarted: (requestId: string) => void;
};

/**
 * Mark shipped for many orders: upload a CSV (order number, carrier, tracking number) or choose
 * one carrier and type each order's number. Either is previewed row by row with its errors;
 * Apply ships the rows without errors.
 */
export function BulkShipDialog({ open, onOpenChange, selection, pageOrders, onStarted }: Props) {
  const preview = useFetcher<BulkShipData>();
  const apply = useFetcher<BulkShipData>();
  const [mode, setMode] = useState<"csv" | "carrier">("csv");
  const [fileError, setFileError] = useState<string | null>(null);
  const [carrier, setCarrier] = useState("usps");
  useFlashToast(preview.data?.toast ?? apply.data?.toast ?? undefined);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = preview.data?.preview ?? null;
  const shown = latest && latest.requestId !== dismissed ? latest : null;
  const allOnPage = !selection.matching && pageOrders.length === selection.ids.length;

  useEffect(() => {
    if (apply.data?.requestId) onStarted(apply.data.requestId);
  }, [apply.data?.requestId, onStarted]);

  const submitPreview = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const file = body.get("tracking");
    if (mode === "csv") {
      if (!(file instanceof File) || file.size === 0) return setFileError("Choose a CSV file");
      if (file.size > MAX_TRACKING_CSV_BYTES)
        return setFileError(
          `The file is larger than ${MAX_TRACKING_CSV_BYTES / 1024} KB: split it and upload the parts`,
        );
    } else body.delete("tracking");
    setFileError(null);
    for (const [name, value] of Object.entries(selectionFields(selection))) body.set(name, value);
    body.set("key", newBulkKey());
    preview.submit(body, {
      method: "post",
      action: "/admin/orders/bulk/ship",
      encType: "multipart/form-data",
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-auto">
        <DialogHeader>
          <DialogTitle>Mark {selection.count.toLocaleString("en-US")} orders shipped</DialogTitle>
          <DialogDescription>
            Each customer gets the shipped email with their tracking number once. Nothing changes until you
            apply the preview.
          </DialogDescription>
        </DialogHeader>
        {shown ? (
          <ShipPreview
            preview={shown}
            busy={apply.state !== "idle"}
            onBack={() => setDismissed(shown.requestId)}
            onApply={() =>
              apply.submit(
                { intent: "apply", requestId: shown.requestId },
                { method: "post", action: "/admin/orders/bulk/ship" },
              )
            }
          />
        ) : (
          <form onSubmit={submitPreview} className="flex flex-col gap-4" encType="multipart/form-data">
            <fieldset className="flex gap-4 text-sm">
              <legend className="sr-only">How to give the tracking numbers</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="mode" checked={mode === "csv"} onChange={() => setMode("csv")} />
                Upload a tracking CSV
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  checked={mode === "carrier"}
                  onChange={() => setMode("carrier")}
                  disabled={!allOnPage}
                />
                One carrier for all
              </label>
            </fieldset>
            {mode === "csv" ? (
              <div className="flex flex-col gap-1 text-sm">
                <label htmlFor="tracking-csv" className="font-medium">
                  Tracking CSV
                </label>
                <input
                  id="tracking-csv"
                  name="tracking"
                  type="file"
                  accept=".csv,text/csv"
                  aria-describedby="tracking-csv-hint"
                  aria-invalid={fileError ? true : undefined}
                />
                <p id="tracking-csv-hint" className="text-xs text-muted-foreground">
                  Columns: order number, carrier (USPS, UPS, FedEx, DHL or the carrier's name), tracking
                  number. A header row is optional. At most {MAX_TRACKING_CSV_BYTES / 1024} KB.
                </p>
                {fileError && (
                  <p role="alert" className="text-xs text-destructive-text">
                    {fileError}
                  </p>
                )}
              </div>
            ) : (
              <OneCarrierFields orders={pageOrders} carrier={carrier} onCarrier={setCarrier} />
            )}
            {!allOnPage && (
              <p className="text-xs text-muted-foreground">
                One carrier for all works for orders selected on this page; for more, upload a CSV.
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" disabled={preview.state !== "idle"}>
                <Upload aria-hidden />
                {preview.state !== "idle" ? "Checking…" : "Preview"}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function OneCarrierFields({
  orders,
  carrier,
  onCarrier,
}: {
  orders: ShippableOrder[];
  carrier: string;
  onCarrier: (carrier: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1">
          Carrier
          <select
            name="carrier"
            value={carrier}
            onChange={(e) => onCarrier(e.currentTarget.value)}
            className="h-9 rounded-md border border-input bg-background px-2"
          >
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {carrierLabels[c]}
              </option>
            ))}
          </select>
        </label>
        {carrier === "other" && (
          <label className="flex flex-col gap-1">
            Carrier name
            <input
              name="carrierName"
              maxLength={60}
              className="h-9 rounded-md border border-input bg-background px-2"
            />
          </label>
        )}
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {orders.map((order) => (
          <li key={order.id}>
            <label className="flex items-center gap-2">
              <span className="w-16 font-mono text-xs">#{orderLabel(order)}</span>
              <input
                name={`tracking:${order.id}`}
                defaultValue={order.trackingNumber ?? ""}
                aria-label={`Tracking number for order #${orderLabel(order)}`}
                autoComplete="off"
                className="h-9 flex-1 rounded-md border border-input bg-background px-2 font-mono"
              />
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShipPreview({
  preview,
  busy,
  onBack,
  onApply,
}: {
  preview: NonNullable<BulkShipData["preview"]>;
  busy: boolean;
  onBack: () => void;
  onApply: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status">
        {preview.valid.toLocaleString("en-US")} orders ready to ship
        {preview.invalid > 0 && `; ${preview.invalid.toLocaleString("en-US")} rows with errors are left out`}.
      </p>
      <div className="max-h-[45vh] overflow-auto rounded-md border">
        <table className="w-full text-left text-xs" aria-label="Shipping preview">
          <thead className="sticky top-0 bg-background">
            <tr>
              <th className="p-2">Line</th>
              <th className="p-2">Order</th>
              <th className="p-2">Carrier</th>
              <th className="p-2">Tracking number</th>
              <th className="p-2">Check</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-t">
                <td className="p-2 tabular-nums">{row.line}</td>
                <td className="p-2 font-mono">{row.orderNumber}</td>
                <td className="p-2">{row.carrier}</td>
                <td className="p-2 font-mono">{row.trackingNumber}</td>
                <td className={`p-2 ${row.error ? "text-destructive-text" : ""}`}>
                  {row.error ?? row.note ?? "Ships"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onBack}>
          Choose again
        </Button>
        <Button type="button" onClick={onApply} disabled={busy || preview.valid === 0}>
          <Truck aria-hidden />
          Apply: ship {preview.valid.toLocaleString("en-US")} orders
        </Button>
      </div>
    </div>
  );
}
