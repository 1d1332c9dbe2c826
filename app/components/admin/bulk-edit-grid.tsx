import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { type BulkField, cellKey, checkCell, STOCK_REASONS } from "~core/catalog/bulk-edit.ts";

export type BulkRow = {
  variantId: string;
  productId: string;
  productName: string;
  status: "draft" | "active" | "archived";
  title: string;
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  stockQuantity: number | null;
};

const COLUMNS: { field: BulkField; label: string }[] = [
  { field: "price", label: "Price ($)" },
  { field: "compareAt", label: "Compare-at ($)" },
  { field: "stock", label: "Stock" },
  { field: "status", label: "Status" },
];

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** What a cell shows when the page loads: the stored value, in the form it is typed. */
function shown(row: BulkRow, field: BulkField): string {
  if (field === "price") return dollars(row.priceCents);
  if (field === "compareAt") return dollars(row.compareAtCents);
  if (field === "stock") return row.stockQuantity === null ? "" : String(row.stockQuantity);
  return row.status;
}

/** A product's status is edited on its first variant's row only. */
const hasStatusCell = (rows: BulkRow[], i: number) =>
  i === 0 || rows[i - 1]!.productId !== rows[i]!.productId;

/**
 * The bulk edit grid: one row per variant, a text cell per column. Arrow keys move between cells
 * (left/right once the caret is at the edge of the text), Enter moves down, Shift+Enter up. Each
 * cell is checked as it is typed (core/catalog/bulk-edit.ts) with its message under it; the server's
 * messages for a refused save show at their cells too. Nothing is saved until Save, and then all
 * changed cells in one transaction.
 */
export function BulkEditGrid({
  rows,
  typed,
  serverErrors,
}: {
  rows: BulkRow[];
  typed: Record<string, string> | null;
  serverErrors: Record<string, string | undefined>;
}) {
  const busy = useNavigation().state === "submitting";
  const [values, setValues] = useState<Record<string, string>>(() => typed ?? {});
  const [stale, setStale] = useState<Set<string>>(() => new Set());
  const grid = useRef<HTMLTableElement>(null);
  const cellText = (row: BulkRow, field: BulkField) =>
    values[cellKey(row.variantId, field)] ?? shown(row, field);
  const changed = rows.flatMap((row, i) =>
    COLUMNS.filter((c) => c.field !== "status" || hasStatusCell(rows, i))
      .filter((c) => cellText(row, c.field).trim() !== shown(row, c.field))
      .map((c) => ({ row, field: c.field })),
  );
  const messageOf = (row: BulkRow, field: BulkField) => {
    const key = cellKey(row.variantId, field);
    if (serverErrors[key] && !stale.has(key)) return serverErrors[key];
    const value = cellText(row, field);
    if (value.trim() === shown(row, field)) return undefined;
    const checked = checkCell(field, value);
    return checked.ok ? undefined : checked.message;
  };
  const invalid = changed.some(({ row, field }) => messageOf(row, field));
  const stockChanged = changed.some((c) => c.field === "stock");

  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setStale((s) => new Set(s).add(key));
  };

  /** Moves focus to the cell `dr` rows and `dc` columns away (skipping rows without that cell). */
  const move = (from: HTMLElement, dr: number, dc: number) => {
    const r = Number(from.dataset.row);
    const c = Number(from.dataset.col);
    for (let step = 1; step <= rows.length; step++) {
      const target = grid.current?.querySelector<HTMLElement>(
        `[data-row="${r + dr * step}"][data-col="${c + (dr === 0 ? dc * step : 0)}"]`,
      );
      if (target) {
        target.focus();
        if (target instanceof HTMLInputElement) target.select();
        return;
      }
      if (dr === 0 || r + dr * step < 0 || r + dr * step >= rows.length) return;
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    const el = e.currentTarget;
    const input = el instanceof HTMLInputElement ? el : null;
    const atStart = !input || (input.selectionStart === 0 && input.selectionEnd === 0);
    const atEnd = !input || input.selectionEnd === input.value.length;
    if (e.key === "ArrowDown" && !(el instanceof HTMLSelectElement)) move(el, 1, 0);
    else if (e.key === "ArrowUp" && !(el instanceof HTMLSelectElement)) move(el, -1, 0);
    else if (e.key === "ArrowRight" && atEnd) move(el, 0, 1);
    else if (e.key === "ArrowLeft" && atStart) move(el, 0, -1);
    else if (e.key === "Enter") move(el, e.shiftKey ? -1 : 1, 0);
    else return;
    e.preventDefault();
  };

  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <div className="overflow-x-auto rounded-lg border">
        <table ref={grid} className="w-full text-sm" aria-label="Variants to edit">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="p-2">Product</th>
              <th className="p-2">Variant</th>
              <th className="p-2">SKU</th>
              {COLUMNS.map((c) => (
                <th key={c.field} className="p-2">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.variantId} className="border-t align-top">
                <td className="p-2 font-medium">{row.productName}</td>
                <td className="p-2">{row.title}</td>
                <td className="p-2 font-mono text-xs">{row.sku}</td>
                {COLUMNS.map((col, c) => {
                  const key = cellKey(row.variantId, col.field);
                  const name = `cell.${row.variantId}.${col.field}`;
                  const label = `${col.label.replace(" ($)", "")} of ${row.productName} ${row.title}`;
                  const message = messageOf(row, col.field);
                  const errorId = message ? `${key}-error` : undefined;
                  if (col.field === "status" && !hasStatusCell(rows, r))
                    return <td key={col.field} className="p-2" />;
                  const common = {
                    name,
                    "aria-label": label,
                    "aria-invalid": message ? true : undefined,
                    "aria-describedby": errorId,
                    "data-row": r,
                    "data-col": c,
                    onKeyDown,
                  };
                  return (
                    <td key={col.field} className="p-1">
                      <input
                        type="hidden"
                        name={`was.${row.variantId}.${col.field}`}
                        value={shown(row, col.field)}
                      />
                      {col.field === "status" ? (
                        <select
                          {...common}
                          value={cellText(row, col.field)}
                          onChange={(e) => set(key, e.target.value)}
                          className={`${fieldClass} h-9`}
                        >
                          <option value="draft">Draft</option>
                          <option value="active">Active</option>
                          <option value="archived">Archived</option>
                        </select>
                      ) : (
                        <input
                          {...common}
                          inputMode={col.field === "stock" ? "numeric" : "decimal"}
                          value={cellText(row, col.field)}
                          placeholder={col.field === "stock" ? "Not tracked" : ""}
                          onChange={(e) => set(key, e.target.value)}
                          className={`${fieldClass} h-9 w-28`}
                        />
                      )}
                      {message && (
                        <p id={errorId} className="mt-1 max-w-40 text-xs text-destructive-text">
                          {message}
                        </p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="stockReason">Reason for stock changes</Label>
          <select
            id="stockReason"
            name="stockReason"
            defaultValue=""
            className={`${fieldClass} h-10`}
            aria-describedby="stockReason-hint"
          >
            <option value="">Choose a reason</option>
            {STOCK_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <p id="stockReason-hint" className="text-xs text-muted-foreground">
            {stockChanged
              ? "Recorded in each variant's stock history."
              : "Needed only when you change stock."}
          </p>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : `Save ${changed.length} change${changed.length === 1 ? "" : "s"}`}
        </Button>
        {invalid && <p className="text-sm text-destructive-text">Fix the highlighted cells to save.</p>}
      </div>
    </Form>
  );
}
