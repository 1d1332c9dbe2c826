import { Download, Printer, Truck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { orderStatuses, statusLabel } from "~/components/admin/order-status.ts";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { statusChangeQuestion } from "~core/orders/order-status-change.ts";
import type { ToastMessage } from "~core/toast.ts";
import { BulkProgressPanel } from "./bulk-progress.tsx";
import { BulkShipDialog, type ShippableOrder } from "./bulk-ship-dialog.tsx";
import { newBulkKey, type OrderSelection, selectionFields } from "./selection.ts";

type Status = (typeof orderStatuses)[number];
export type BulkPermissions = { status: boolean; ship: boolean; print: boolean; export: boolean };

type Props = {
  selection: OrderSelection;
  /** The selected orders on this page, with their status (the confirmation's warnings). */
  pageOrders: (ShippableOrder & { status: string })[];
  may: BulkPermissions;
  onClear: () => void;
};

/**
 * The actions for the selected orders: set a status (asked first, as the dropdown asks), mark
 * shipped, print packing slips with a pick list, export CSV. Large selections show their progress.
 */
export function BulkBar({ selection, pageOrders, may, onClear }: Props) {
  const status = useFetcher<{ requestId: string | null; toast?: (ToastMessage & { id: string }) | null }>();
  const [target, setTarget] = useState<Status | "">("");
  const [asking, setAsking] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  useFlashToast(status.data?.toast ?? undefined);
  const startedStatus = status.data?.requestId ?? null;
  const progressId = running ?? startedStatus;
  const count = selection.count.toLocaleString("en-US");
  const question = target ? bulkQuestion(target, selection, pageOrders) : null;

  const applyStatus = () => {
    if (!target) return;
    setRunning(null);
    status.submit(
      { ...selectionFields(selection), status: target, key: newBulkKey() },
      { method: "post", action: "/admin/orders/bulk/status" },
    );
  };

  return (
    <section aria-label="Bulk actions" className="mb-3 flex flex-col gap-2 rounded-md border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="font-medium" role="status">
          {count} selected
        </p>
        <Button type="button" size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
        {may.status && (
          <div className="flex items-center gap-2">
            <label htmlFor="bulk-status" className="sr-only">
              New status for the selected orders
            </label>
            <select
              id="bulk-status"
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value as Status | "")}
              className="h-9 rounded-md border border-input bg-background px-2"
            >
              <option value="">Set status…</option>
              {orderStatuses
                .filter((s) => s !== "shipped")
                .map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
            </select>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={!target || status.state !== "idle"}
              onClick={() => setAsking(true)}
            >
              Apply status
            </Button>
          </div>
        )}
        {may.ship && (
          <Button type="button" size="sm" variant="outline" onClick={() => setShipping(true)}>
            <Truck aria-hidden />
            Mark shipped
          </Button>
        )}
        {may.print && (
          <SelectionForm action="/admin/orders/bulk/print" selection={selection} target="_blank">
            <Printer aria-hidden />
            Print packing slips
          </SelectionForm>
        )}
        {may.export && (
          <SelectionForm action="/admin/orders/bulk/export.csv" selection={selection}>
            <Download aria-hidden />
            Export selected
          </SelectionForm>
        )}
      </div>
      {progressId && (
        <BulkProgressPanel key={progressId} requestId={progressId} onClose={() => setRunning(null)} />
      )}
      <ConfirmDialog
        open={asking && question !== null}
        onOpenChange={setAsking}
        title={question?.title ?? ""}
        description={question?.description}
        confirmLabel={question?.confirmLabel}
        cancelLabel="Go back"
        destructive={target === "cancelled"}
        onConfirm={applyStatus}
      />
      {shipping && (
        <BulkShipDialog
          open={shipping}
          onOpenChange={setShipping}
          selection={selection}
          pageOrders={pageOrders}
          onStarted={(id) => {
            setShipping(false);
            setRunning(id);
          }}
        />
      )}
    </section>
  );
}

/** A plain POST form (print opens a new tab; export downloads), with a fresh key per submit. */
function SelectionForm({
  action,
  selection,
  target,
  children,
}: {
  action: string;
  selection: OrderSelection;
  target?: string;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      target={target}
      onSubmit={(e) => {
        const key = e.currentTarget.elements.namedItem("key");
        if (key instanceof HTMLInputElement) key.value = newBulkKey();
      }}
    >
      {Object.entries(selectionFields(selection)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="key" defaultValue="" />
      <Button type="submit" size="sm" variant="outline">
        {children}
      </Button>
    </form>
  );
}

/** The dropdown's question for many orders: who is emailed, and each distinct skipped-step warning. */
function bulkQuestion(to: Status, selection: OrderSelection, pageOrders: { status: string }[]) {
  const n = selection.count.toLocaleString("en-US");
  const one = statusChangeQuestion("pending", to, "");
  const warnings = [
    ...new Set(
      pageOrders
        .filter((o) => o.status !== to)
        .map((o) => statusChangeQuestion(o.status as Status, to, "").warning)
        .filter((w): w is string => w !== null),
    ),
  ];
  const title = to === "cancelled" ? `Cancel ${n} orders?` : `Change ${n} orders to ${statusLabel(to)}?`;
  const description = [
    one.description.replace("The customer is", "Each customer is").replace("Its items", "Their items"),
    ...warnings.map((w) => `Some orders: ${w}`),
  ].join(" ");
  return { title, description, confirmLabel: one.confirmLabel.replace("order", `${n} orders`) };
}
