/**
 * Bulk actions on Orders Management (docs/fulfilment.md): their limits, the tracking upload's
 * parsing and the pick list. Pure, shared by the page and the server.
 */

/** Orders one bulk request may hold; larger selections are refused with this number in the message. */
export const MAX_BULK_ORDERS = 10_000;
/** Above this many orders a request runs in the background and the page shows its progress. */
export const INLINE_BULK_ORDERS = 50;
/** Orders in one printable document (a browser prints a few hundred pages comfortably). */
export const MAX_PRINT_ORDERS = 500;
/** The tracking upload: 10,000 rows of number, carrier and tracking fit in well under this. */
export const MAX_TRACKING_CSV_BYTES = 512 * 1024;

export const TRACKING_CSV_HEADER = ["order number", "carrier", "tracking number"] as const;

/** One line of the upload as typed: the cells, where it was, and what is wrong with its format. */
export type TrackingCsvRow = {
  line: number;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
};

/**
 * RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks; CRLF or LF lines.
 * Returns the cells of each non-empty record with its 1-based line number.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) records.push({ line: startLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      startLine = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

const headerCell = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/**
 * The rows of a tracking upload: three columns (order number, carrier, tracking number), an
 * optional header row, a byte-order mark ignored. Checking the cells is the server's (zod).
 */
export function trackingCsvRows(text: string): TrackingCsvRow[] {
  const records = parseCsv(text.replace(/^\uFEFF/, ""));
  const first = records[0]?.cells.map(headerCell) ?? [];
  const hasHeader = first[0]?.startsWith("order") && first[1] === "carrier";
  return (hasHeader ? records.slice(1) : records).map(({ line, cells }) => ({
    line,
    orderNumber: (cells[0] ?? "").trim(),
    carrier: (cells[1] ?? "").trim(),
    trackingNumber: (cells[2] ?? "").trim(),
  }));
}

/** A carrier as people write it in a spreadsheet ("FedEx", "usps ") → our key, or the text for "Other". */
export function carrierKey(text: string): string {
  const key = text.trim().toLowerCase();
  return ["usps", "ups", "fedex", "dhl"].includes(key) ? key : key === "" ? "" : "other";
}

export type PickLine = { sku: string | null; name: string; quantity: number };

/** The pick list: quantities summed per SKU (per name for lines without one), by SKU then name. */
export function pickList(items: readonly PickLine[]): PickLine[] {
  const lines = new Map<string, PickLine>();
  for (const item of items) {
    const key = item.sku ? `sku:${item.sku}` : `name:${item.name}`;
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else lines.set(key, { ...item });
  }
  return [...lines.values()].sort(
    (a, b) => (a.sku ?? "\uffff").localeCompare(b.sku ?? "\uffff") || a.name.localeCompare(b.name),
  );
}
