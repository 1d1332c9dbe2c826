/**
 * The cart's quantity rule without zod, so the browser can use it (zod is ~24 KB gzip and no
 * storefront page needs it client-side). The server parses with `cartActionSchema`
 * (cart-input.ts), which applies this same rule.
 */

/** The most of one line a cart may hold (the database enforces the same range). */
export const MAX_LINE_QUANTITY = 99;

export const quantityMessage = `Please enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

/** A quantity typed or sent by the browser: digits only (spaces around are fine), 1..99; else null. */
export function toLineQuantity(raw: unknown): number | null {
  if (typeof raw !== "string") return null;
  const trimmed = raw.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}
