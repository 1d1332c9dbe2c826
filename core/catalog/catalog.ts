import type { QuantityTier } from "../pricing/quantity-tiers.ts";

/** What the storefront shows of a product (client-safe; money in integer cents). */
export type ProductSummary = {
  id: string;
  name: string;
  slug: string;
  /** The lowest price of its live variants; cards say "From $X" when priceMaxCents is higher. */
  priceCents: number;
  priceMaxCents: number;
  weightType: string;
  /** True when every live variant is sold out. */
  soldOut: boolean;
  /** Main image first, then the rest of the gallery; may be empty. */
  images: string[];
};

/** One of a product's options (up to three), its values in display order. */
export type ProductOption = { name: string; values: string[] };

/** One purchasable combination of a product's option values (money in integer cents). */
export type ProductVariant = {
  id: string;
  sku: string;
  /** "50g / 3-pack"; a product made before variants has one variant titled by its weight ("30ml"). */
  title: string;
  /** One value per option, in option order. */
  optionValues: string[];
  priceCents: number;
  /** Shown struck through when above priceCents. */
  compareAtCents: number | null;
  weightGrams: number | null;
  imageUrl: string | null;
  /** Sold out by the admin's flag or by tracked stock at zero. */
  soldOut: boolean;
  /** "Only N left": tracked stock at or under its low-stock threshold (core/catalog/stock.ts); else null. */
  stockLeft?: number | null;
  gtin: string | null;
  mpn: string | null;
};

export type ProductDetail = ProductSummary & {
  options: ProductOption[];
  /** Live (not archived) variants in position order; never empty for a sellable product. */
  variants: ProductVariant[];
  description: string;
  tags: string[];
  viewCount: number;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string[];
  /** Volume pricing, smallest quantity first (decision 030). */
  quantityTiers: QuantityTier[];
};

/** Canonical storefront URL of a product. */
export function productPath(slug: string) {
  return `/product/${slug}`;
}

/** A link to one variant of a product (the product page preselects it). */
export function variantPath(slug: string, variantId: string) {
  return `${productPath(slug)}?variant=${encodeURIComponent(variantId)}`;
}

/** The variant a product page shows: the one asked for if it is live, else the first on sale, else the first. */
export function chooseVariant(variants: ProductVariant[], wanted: string | null): ProductVariant | undefined {
  return variants.find((v) => v.id === wanted) ?? variants.find((v) => !v.soldOut) ?? variants[0];
}
