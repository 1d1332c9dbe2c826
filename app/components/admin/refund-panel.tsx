import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { RefundBadge } from "~/components/store/refund-badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { type PlainColumn, PlainTable } from "~/components/ui/plain-table.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { REFUND_REASON_MAX, unitsRefundCents } from "~core/orders/refunds.ts";
import { formatMoney } from "~core/pricing/money.ts";
import type { action, loader } from "../../routes/admin/order-refunds.tsx";

type PanelData = Awaited<ReturnType<typeof loader>>;
type Mode = "full" | "amount" | "lines";

/** The order dialog's refund part: the history and the "Refund" action (loaded when the dialog opens). */
export function RefundPanel({ orderId }: { orderId: string }) {
  const panel = useFetcher<typeof loader>();
  const href = `/admin/orders/${orderId}/refunds`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per order
  useEffect(() => {
    if (panel.state === "idle" && !panel.data) void panel.load(href);
  }, [href]);
  if (!panel.data) return <p className="text-sm text-muted-foreground">Loading refunds…</p>;
  const { panel: data } = panel.data;
  return (
    <section aria-label="Refunds" className="flex flex-col gap-3 border-t pt-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          Refunds <RefundBadge order={data} />
        </h3>
        {data.remainingCents > 0 && (
          <RefundDialog data={panel.data} href={href} onDone={() => void panel.load(href)} />
        )}
      </div>
      <RefundHistory history={data.history} />
    </section>
  );
}

const refundColumns: PlainColumn<PanelData["panel"]["history"][number]>[] = [
  { header: "When", className: "whitespace-nowrap", cell: (refund) => formatDateTime(refund.createdAt) },
  {
    header: "By",
    cell: (refund) => (refund.source === "provider" ? "Payment provider" : (refund.by ?? "Admin")),
  },
  { header: "Reason", className: "break-words", cell: (refund) => refund.reason },
  { header: "Amount", end: true, cell: (refund) => formatMoney(refund.amountCents) },
  { header: "Status", end: true, className: "capitalize", cell: (refund) => refund.status },
];

function RefundHistory({ history }: { history: PanelData["panel"]["history"] }) {
  if (history.length === 0) return <p className="text-muted-foreground">No refunds.</p>;
  return (
    <PlainTable
      caption="Refund history"
      columns={refundColumns}
      rows={history}
      spacing="py-1"
      rowClassName="align-top"
    />
  );
}

/** Full / amount / lines, a reason, then a confirmation of the amount before anything is sent. */
function RefundDialog({ data, href, onDone }: { data: PanelData; href: string; onDone: () => void }) {
  const submit = useFetcher<typeof action>();
  const { revalidate } = useRevalidator();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>("full");
  const [amount, setAmount] = useState("");
  const [units, setUnits] = useState<Record<string, number>>({});
  const [confirming, setConfirming] = useState(false);
  useFlashToast(submit.data?.toast);
  const { remainingCents, items } = data.panel;
  const errors: Record<string, string | undefined> = submit.data?.errors ?? {};

  useEffect(() => {
    if (submit.state !== "idle" || !submit.data) return;
    if (submit.data.ok) {
      setOpen(false);
      onDone();
      void revalidate();
    } else setConfirming(false);
  }, [submit.state, submit.data, onDone, revalidate]);

  const linesCents = items.reduce(
    (sum, item) =>
      sum + unitsRefundCents(item.paidCents, item, units[item.id] ?? 0, item.quantity - item.refundableUnits),
    0,
  );
  const preview =
    mode === "full" ? remainingCents : mode === "amount" ? Math.round(Number(amount) * 100) || 0 : linesCents;
  const shown = Math.min(preview, remainingCents);

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Refund order</DialogTitle>
            <DialogDescription>{formatMoney(remainingCents)} can still be refunded.</DialogDescription>
          </DialogHeader>
          <submit.Form method="post" action={href} className="flex flex-col gap-4 text-sm">
            <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
            <div hidden={confirming} className="flex flex-col gap-4">
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium">Refund</legend>
                {(
                  [
                    ["full", `Everything left (${formatMoney(remainingCents)})`],
                    ["amount", "An amount"],
                    ["lines", "Items"],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="mode"
                      value={value}
                      checked={mode === value}
                      onChange={() => setMode(value)}
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
              {mode === "amount" && (
                <FormField label="Amount in dollars" name="amount" error={errors.amount} required>
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="decimal"
                      value={amount}
                      onChange={(e) => setAmount(e.target.value)}
                    />
                  )}
                </FormField>
              )}
              {mode === "lines" &&
                items.map((item) => (
                  <div key={item.id} className="flex items-center justify-between gap-2">
                    <Label htmlFor={`qty-${item.id}`}>
                      Units of {item.name} {item.weight} to refund ({item.refundableUnits} left)
                    </Label>
                    <Input
                      id={`qty-${item.id}`}
                      type="number"
                      className="w-20"
                      name={`qty.${item.id}`}
                      min={0}
                      max={item.refundableUnits}
                      value={units[item.id] ?? 0}
                      onChange={(e) => setUnits({ ...units, [item.id]: Number(e.target.value) })}
                    />
                  </div>
                ))}
              {mode === "lines" && errors.lines && (
                <span className="text-destructive-text">{errors.lines}</span>
              )}
              <FormField label="Reason" name="reason" error={errors.reason} required>
                {(control) => <Textarea {...control} required maxLength={REFUND_REASON_MAX} rows={3} />}
              </FormField>
              <Button
                type="button"
                onClick={(e) => e.currentTarget.form?.reportValidity() && setConfirming(true)}
                disabled={shown <= 0}
              >
                Review refund
              </Button>
            </div>
            {confirming && (
              <div className="flex flex-col gap-3">
                <p role="alert">Refund {formatMoney(shown)} to the customer? This cannot be undone.</p>
                <div className="flex justify-end gap-2">
                  <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                    Back
                  </Button>
                  <Button type="submit" disabled={submit.state !== "idle"}>
                    Confirm refund
                  </Button>
                </div>
              </div>
            )}
          </submit.Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
