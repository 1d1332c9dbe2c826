import { MAX_STOCK_QUANTITY } from "./stock.ts";

/**
 * The bulk edit grid's cells (/admin/products/bulk): one rule per column, run in the browser as
 * the admin types (the message shows at the cell) and again on the server before anything is
 * saved. Pure: no server code.
 */
export const BULK_FIELDS = ["price", "compareAt", "stock", "status"] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** The most variants one save may change: a clear refusal above it, never a slow transaction. */
export const MAX_BULK_VARIANTS = 500;
/** $1,000,000.00: anything above is a typo, not a price. */
export const MAX_BULK_PRICE_CENTS = 100_000_000;

export const BULK_STATUSES = ["draft", "active", "archived"] as const;
export const STOCK_REASONS = [
  { value: "adjustment", label: "Adjustment" },
  { value: "correction", label: "Correction" },
  { value: "received", label: "Received" },
] as const;
export type StockReasonValue = (typeof STOCK_REASONS)[number]["value"];

export type CellValue = number | string | null;
export type CellResult = { ok: true; value: CellValue } | { ok: false; message: string };

const fail = (message: string): CellResult => ({ ok: false, message });

function money(label: string, raw: string, required: boolean): CellResult {
  const v = raw.trim().replace(/^\$/, "");
  if (v === "") return required ? fail(`${label} is required`) : { ok: true, value: null };
  if (/^-/.test(v)) return fail(`${label} cannot be negative`);
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return fail(`${label} must be an amount like 19.99`);
  const cents = Math.round(Number(v) * 100);
  if (cents > MAX_BULK_PRICE_CENTS) return fail(`${label} must be at most $1,000,000.00`);
  return { ok: true, value: cents };
}

/** One cell as typed: its stored value (cents, units, status) or the message to show at it. */
export function checkCell(field: BulkField, raw: string): CellResult {
  switch (field) {
    case "price":
      return money("Price", raw, true);
    case "compareAt":
      return money("Compare-at price", raw, false);
    case "stock": {
      const v = raw.trim();
      if (/^-/.test(v)) return fail("Stock cannot be negative");
      if (!/^\d{1,9}$/.test(v) || Number(v) > MAX_STOCK_QUANTITY)
        return fail(`Stock must be a whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString("en-US")}`);
      return { ok: true, value: Number(v) };
    }
    case "status":
      return (BULK_STATUSES as readonly string[]).includes(raw)
        ? { ok: true, value: raw }
        : fail("Choose Draft, Active or Archived");
  }
}

/** The key of a cell in the error map: `${variantId}:${field}`. */
export const cellKey = (variantId: string, field: BulkField) => `${variantId}:${field}`;
