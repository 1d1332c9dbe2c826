/**
 * Multi-pack and volume pricing (docs/decisions/030-volume-pricing.md): a product may have a few
 * quantity tiers, "Buy 3, save 10%". Pure and client-safe: the product page lists them, the cart
 * pricing (core/pricing/cart-pricing.ts) applies them.
 */

/** One tier: from `minQuantity` units of the product (all its variants together), `percentOff` off. */
export type QuantityTier = { minQuantity: number; percentOff: number };

export const MAX_QUANTITY_TIERS = 5;
export const TIER_MIN_QUANTITY = 2;
export const TIER_MAX_QUANTITY = 99;
export const TIER_MIN_PERCENT = 1;
export const TIER_MAX_PERCENT = 90;

/**
 * The tier reached by `units` of a product: the one with the largest minimum quantity not above
 * it (tiers are saved so that a larger quantity always saves more), or null below every tier.
 */
export function tierFor(tiers: readonly QuantityTier[], units: number): QuantityTier | null {
  let best: QuantityTier | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity <= units && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best;
}

/** The storefront's wording of a tier (spec text). */
export function tierLabel(tier: QuantityTier): string {
  return `Buy ${tier.minQuantity}, save ${tier.percentOff}%`;
}

/** Tiers in display order (smallest quantity first). */
export function sortTiers(tiers: readonly QuantityTier[]): QuantityTier[] {
  return [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
}
