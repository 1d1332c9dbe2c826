import { z } from "zod";
import {
  MAX_QUANTITY_TIERS,
  type QuantityTier,
  sortTiers,
  TIER_MAX_PERCENT,
  TIER_MAX_QUANTITY,
  TIER_MIN_PERCENT,
  TIER_MIN_QUANTITY,
} from "../../core/pricing/quantity-tiers.ts";

/** One row of the admin tiers editor, as typed. */
export type QuantityTierRow = { minQuantity: string; percentOff: string };

const wholeIn = (text: string, min: number, max: number): number | null => {
  const value = text.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** The first thing wrong with the typed tiers, or the tiers sorted by quantity. */
export function readQuantityTiers(rows: QuantityTierRow[]): { tiers: QuantityTier[] } | { problem: string } {
  const filled = rows.filter((row) => row.minQuantity.trim() !== "" || row.percentOff.trim() !== "");
  if (filled.length > MAX_QUANTITY_TIERS) {
    return { problem: `A product can have at most ${MAX_QUANTITY_TIERS} quantity tiers.` };
  }
  const tiers: QuantityTier[] = [];
  for (const [index, row] of filled.entries()) {
    const minQuantity = wholeIn(row.minQuantity, TIER_MIN_QUANTITY, TIER_MAX_QUANTITY);
    if (minQuantity === null) {
      return {
        problem: `Tier ${index + 1}: the quantity must be a whole number from ${TIER_MIN_QUANTITY} to ${TIER_MAX_QUANTITY}.`,
      };
    }
    const percentOff = wholeIn(row.percentOff, TIER_MIN_PERCENT, TIER_MAX_PERCENT);
    if (percentOff === null) {
      return {
        problem: `Tier ${index + 1}: the saving must be a whole percent from ${TIER_MIN_PERCENT} to ${TIER_MAX_PERCENT}.`,
      };
    }
    tiers.push({ minQuantity, percentOff });
  }
  const sorted = sortTiers(tiers);
  for (let i = 1; i < sorted.length; i++) {
    const [smaller, larger] = [sorted[i - 1]!, sorted[i]!];
    if (smaller.minQuantity === larger.minQuantity) {
      return { problem: `Two tiers are for ${larger.minQuantity} units; give each tier its own quantity.` };
    }
    if (larger.percentOff <= smaller.percentOff) {
      return {
        problem: `Buying ${larger.minQuantity} must save more than buying ${smaller.minQuantity} (${smaller.percentOff}%).`,
      };
    }
  }
  return { tiers: sorted };
}

/** The product form's tiers: blank rows dropped, at most 5, quantities 2–99, savings 1–90%, larger saves more. */
export const quantityTiersInput = z
  .array(z.object({ minQuantity: z.string(), percentOff: z.string() }))
  .max(50, `A product can have at most ${MAX_QUANTITY_TIERS} quantity tiers.`)
  .default([])
  .transform((rows, ctx) => {
    const read = readQuantityTiers(rows);
    if ("tiers" in read) return read.tiers;
    ctx.addIssue({ code: "custom", message: read.problem });
    return z.NEVER;
  });
