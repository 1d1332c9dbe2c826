/**
 * Stock counts as the shopper and the admin see them (docs/stock.md). Pure, shared by browser
 * and server. A variant with `stockQuantity` null is not tracked: only its sold-out flag counts.
 */

/** "Only N left" shows at or under this many units when a variant has no threshold of its own. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The largest stock count or adjustment accepted (a typo guard, far above any real shelf). */
export const MAX_STOCK_QUANTITY = 1_000_000;

export type StockFields = {
  soldOut: boolean;
  stockQuantity: number | null;
  lowStockThreshold?: number | null;
};

/** Sold out by the admin's flag or by tracked stock at zero. */
export function isSoldOut(variant: StockFields): boolean {
  return variant.soldOut || variant.stockQuantity === 0;
}

/** The "Only N left" count to show, or null (not tracked, plenty, or sold out). */
export function lowStockLeft(variant: StockFields): number | null {
  const quantity = variant.stockQuantity;
  if (quantity === null || quantity <= 0 || variant.soldOut) return null;
  const threshold = variant.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  return quantity <= threshold ? quantity : null;
}

/** The refusal for asking more than `available` of `name`. */
export function shortageMessage(name: string, available: number): string {
  return available <= 0 ? `${name} is sold out` : `Only ${available} left`;
}

/**
 * The admin product list's status, so stock and the sold-out flag never seem to disagree (issue 31:
 * "10000 in stock · Sold Out"): a product marked sold out while it has stock says the flag rules.
 */
export function productStockStatus(product: { soldOut: boolean; stockTotal: number | null }): {
  label: string;
  detail: string | null;
} {
  if (!product.soldOut) return { label: "Available", detail: null };
  if (product.stockTotal !== null && product.stockTotal > 0)
    return {
      label: "Sold Out (marked)",
      detail: `Marked sold out: the mark rules, so its ${product.stockTotal} in stock are not for sale.`,
    };
  return { label: "Sold Out", detail: product.stockTotal === 0 ? "No stock left." : null };
}
