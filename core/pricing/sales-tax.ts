import { percentageOf } from "./money.ts";

/**
 * US sales tax as the owner sets it on /admin/shipping (docs/decisions/036-us-sales-tax.md): one
 * rate per state in basis points (825 = 8.25%), and whether that state taxes shipping. Tax is
 * taken on the goods after every discount (and on shipping where the state says so), rounded half
 * up to the cent once per order.
 */
export type StateTaxRate = { state: string; basisPoints: number; taxesShipping: boolean };

export const MAX_TAX_BASIS_POINTS = 2000;

export function taxCents(rate: StateTaxRate | null, goodsCents: number, shippingCents: number): number {
  if (!rate || rate.basisPoints <= 0) return 0;
  return percentageOf(goodsCents + (rate.taxesShipping ? shippingCents : 0), rate.basisPoints);
}

/** "8.25%" from 825 basis points. */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}
