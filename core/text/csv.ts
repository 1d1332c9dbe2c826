/**
 * CSV for spreadsheets: RFC 4180 quoting plus the OWASP defence against formula injection. A cell a
 * buyer controls (their name, an address line) that starts with = + - @ tab or CR would be run as a
 * formula by Excel or Sheets; such a cell gets a leading apostrophe, which shows it as text.
 * Spreadsheets split on their locale's list separator too (`;` in much of Europe, tab), so a cell
 * holding one is quoted: `Pat;=2+5` unquoted would become a cell `=2+5` there (issue 29). A
 * spreadsheet that splits on another separator than ours ignores quotes that open mid-cell, so a
 * formula character right after a separator inside the text gets the apostrophe too.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Quote, line breaks and every locale's separator: comma, semicolon, tab. */
const NEEDS_QUOTES = /[",;\t\r\n]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@])/g;

/** One cell, defused and quoted where needed. Numbers are ours and are written as they are. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Integer cents as dollars with two decimals and no currency sign or grouping: 123450 -> "1234.50". */
export function csvDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A timestamp in ISO 8601 (UTC), or empty. */
export function csvDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
