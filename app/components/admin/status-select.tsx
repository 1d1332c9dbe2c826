import { TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { orderStatuses, statusLabel } from "~/components/admin/order-status.ts";
import { ShipDialog } from "~/components/admin/ship-dialog.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { orderLabel } from "~core/orders/order-number.ts";
import { type StatusChangeQuestion, statusChangeQuestion } from "~core/orders/order-status-change.ts";
import type { ToastMessage } from "~core/toast.ts";
import type { OrderDetailsData } from "./order-details.tsx";

/** What the orders action answers a status change or an undo with. */
export type StatusActionData = {
  toast: ToastMessage & { id: string };
  /** A held change: its email waits until `until` (ISO), and Undo puts the order back. */
  undo?: { orderId: string; until: string } | null;
};

type Status = (typeof orderStatuses)[number];

/**
 * The status dropdown. A change that emails the customer asks first (and warns of skipped steps);
 * once saved, Undo shows for the minute the email waits. "Shipped" opens the ship dialog for the
 * carrier and tracking number (without JavaScript, Save leads to the ship page instead).
 */
export function StatusSelect({ order, action }: { order: OrderDetailsData; action?: string }) {
  const fetcher = useFetcher<StatusActionData>();
  const form = useRef<HTMLFormElement>(null);
  const [shipping, setShipping] = useState(false);
  const [asking, setAsking] = useState<{ to: Status; question: StatusChangeQuestion } | null>(null);
  useFlashToast(fetcher.data?.toast);
  const posted = fetcher.formData?.get("intent") === "undo" ? null : fetcher.formData?.get("status");
  const shown = (posted as string | null) ?? asking?.to ?? order.status;
  const label = `#${orderLabel(order)}`;

  const submitStatus = (to: Status) => {
    const body = new FormData(form.current ?? undefined);
    body.set("status", to);
    fetcher.submit(body, { method: "post", action });
  };
  const choose = (to: Status) => {
    if (to === order.status) return;
    if (to === "shipped") return setShipping(true);
    const question = statusChangeQuestion(order.status as Status, to, label);
    if (question.silent) submitStatus(to);
    else setAsking({ to, question });
  };

  return (
    <div className="flex flex-col gap-1">
      <fetcher.Form method="post" action={action} ref={form} className="flex items-center gap-2">
        <input type="hidden" name="orderId" value={order.id} />
        <select
          name="status"
          aria-label={`Status of order ${label}`}
          value={shown}
          onChange={(e) => choose(e.currentTarget.value as Status)}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            Save
          </Button>
        </noscript>
      </fetcher.Form>
      <UndoOffer
        undo={fetcher.data?.undo ?? null}
        busy={fetcher.state !== "idle"}
        onUndo={() => fetcher.submit({ intent: "undo", orderId: order.id }, { method: "post", action })}
        label={label}
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.question.title ?? ""}
        description={asking && <QuestionText question={asking.question} />}
        confirmLabel={asking?.question.confirmLabel}
        cancelLabel="Go back"
        destructive={asking?.to === "cancelled"}
        onConfirm={() => {
          if (asking) submitStatus(asking.to);
          setAsking(null);
        }}
      />
      <ShipDialog order={order} open={shipping} onOpenChange={setShipping} />
    </div>
  );
}

function QuestionText({ question }: { question: StatusChangeQuestion }) {
  return (
    <>
      {question.description}
      {question.warning && (
        <span className="mt-3 flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-foreground">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {question.warning}
        </span>
      )}
    </>
  );
}

/** Undo, shown while the held email still waits (the server decides; this only hides it after). */
function UndoOffer({
  undo,
  busy,
  onUndo,
  label,
}: {
  undo: StatusActionData["undo"];
  busy: boolean;
  onUndo: () => void;
  label: string;
}) {
  const until = undo ? Date.parse(undo.until) : 0;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const left = until - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setOpen(false), left);
    return () => clearTimeout(timer);
  }, [until]);
  if (!undo || !open) return null;
  return (
    <p className="flex items-center gap-2 text-xs text-muted-foreground">
      Email held for a minute
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={onUndo}
        aria-label={`Undo the status change of order ${label}`}
      >
        Undo
      </Button>
    </p>
  );
}
