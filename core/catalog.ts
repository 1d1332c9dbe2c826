/** What the storefront shows of a product (client-safe; money in integer cents). */
export type ProductSummary = {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  weightType: string;
  soldOut: boolean;
  /** Main image first, then the rest of the gallery; may be empty. */
  images: string[];
};

export type ProductDetail = ProductSummary & {
  description: string;
  tags: string[];
  viewCount: number;
  seoTitle: string | null;
  seoDescription: string | null;
  seoKeywords: string[];
};

/** Canonical storefront URL of a product. */
export function productPath(slug: string) {
  return `/product/${slug}`;
}
