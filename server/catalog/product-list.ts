import { asc, count, desc, ilike, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ProductSummary } from "../../core/catalog.ts";
import { PRODUCT_SORTS, type ProductListParams, type ProductSort } from "../../core/product-list.ts";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { cachedForStorefront } from "./storefront-cache.ts";

/** Products per /products page. */
export const PRODUCTS_PER_PAGE = 24;
/** Products on the home page: the featured ones first, the newest fill the rest. */
export const HOME_PRODUCTS = 8;

const sorts = PRODUCT_SORTS.map((s) => s.value) as [ProductSort, ...ProductSort[]];

/**
 * The /products query string. Nothing a visitor can type is an error: an unknown sort is the
 * default (by name, as the spec lists them), a page that is not a whole number from 1 is page 1,
 * and a search is trimmed and cut to 100 characters. A page past the end is the route's 404.
 */
export const productListQuery = z.object({
  sort: z.enum(sorts).catch("name"),
  page: z.coerce.number().int().min(1).max(1_000_000_000).catch(1),
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().replace(/\s+/g, " ").slice(0, 100)),
});
export type ProductListQuery = ProductListParams;

export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  return productListQuery.parse({
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
    q: params.get("q") ?? undefined,
  });
}

/** Only what a product card shows (never the description, which may be long). */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  priceCents: products.priceCents,
  priceMaxCents: products.priceMaxCents,
  weightType: products.weightType,
  soldOut: products.soldOut,
  imageUrl: products.imageUrl,
  imageUrls: products.imageUrls,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof products.$inferSelect)[K] };

export function toSummary(row: SummaryRow): ProductSummary {
  const images = [...new Set([row.imageUrl, ...row.imageUrls].filter((u): u is string => Boolean(u)))];
  const { imageUrl: _main, imageUrls: _gallery, ...rest } = row;
  return { ...rest, images };
}

/**
 * Each sort is an index (schema: products_*_idx) in both directions: a page is an ordered index
 * range, read from whichever end of the list is nearer (see listProductPage).
 */
function sortOrder(sort: ProductSort, reversed: boolean): SQL[] {
  const [forward, backward] = reversed ? [desc, asc] : [asc, desc];
  switch (sort) {
    case "newest":
      return [backward(products.createdAt), backward(products.id)];
    case "price-asc":
      return [forward(products.priceCents), forward(products.id)];
    case "price-desc":
      return [backward(products.priceCents), backward(products.id)];
    default:
      return [forward(products.name), forward(products.id)];
  }
}

/** `q` matches names containing it, any case; % and _ are literal (trigram index). */
function searchFilter(q: string): SQL | undefined {
  return q ? ilike(products.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
}

export async function countProducts(db: Db, q: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(searchFilter(q));
  return row?.total ?? 0;
}

export type ProductPage = { products: ProductSummary[]; page: number; pageCount: number; total: number };

/**
 * One page of the catalog, given the number of matching products. Pages in the second half are
 * read from the other end of the index, so the last page costs what the first does; a page in
 * the middle skips at most half the list.
 */
export async function listProductPage(
  db: Db,
  { sort, page, q }: ProductListQuery,
  total: number,
): Promise<ProductPage> {
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  if (page > pageCount) return { products: [], page, pageCount, total };
  const start = (page - 1) * PRODUCTS_PER_PAGE;
  const end = Math.min(start + PRODUCTS_PER_PAGE, total);
  const fromEnd = start > total - end;
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(searchFilter(q))
    .orderBy(...sortOrder(sort, fromEnd))
    .limit(Math.max(end - start, 0))
    .offset(fromEnd ? total - end : start);
  if (fromEnd) rows.reverse();
  return { products: rows.map(toSummary), page, pageCount, total };
}

/** The home grid: featured products first (newest first), then the newest others. */
export async function listHomeProducts(db: Db): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .orderBy(desc(products.featured), desc(products.createdAt), desc(products.id))
    .limit(HOME_PRODUCTS);
  return rows.map(toSummary);
}

/**
 * The /products page for a query. The whole catalog's size is read once per storefront version
 * (an exact count costs a scan of the index at 100,000 products); a search is counted each time.
 */
export async function productPage(db: Db, query: ProductListQuery): Promise<ProductPage> {
  const total = query.q
    ? await countProducts(db, query.q)
    : await cachedForStorefront(db, "product-count", async () => ({
        value: await countProducts(db, ""),
        complete: true,
      }));
  return listProductPage(db, query, total);
}
