import { and, arrayContains, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { ProductSummary } from "../../core/catalog/catalog.ts";
import {
  COLLECTION_SORTS,
  PRODUCT_SORTS,
  type ProductListParams,
  type ProductSort,
} from "../../core/catalog/product-list.ts";
import type { Db } from "../db/client.ts";
import { collectionProducts, products } from "../db/schema/index.ts";
import { findPublishedCollectionId } from "./collections.ts";
import { onStorefront } from "./status.ts";
import { cachedForStorefront } from "./storefront-cache.ts";

/** Products per /products page. */
export const PRODUCTS_PER_PAGE = 24;
/** Products on the home page: the featured ones first, the newest fill the rest. */
export const HOME_PRODUCTS = 8;

/** A query-string text: trimmed, spaces collapsed, cut to `max` characters; anything else is "". */
const text = (max: number) =>
  z
    .string()
    .catch("")
    // NUL is not text to PostgreSQL: dropped, so it can only match nothing, never fail.
    .transform((v) => v.replaceAll("\u0000", "").trim().replace(/\s+/g, " ").slice(0, max));

const values = <T extends readonly { value: ProductSort }[]>(list: T) =>
  list.map((s) => s.value) as [ProductSort, ...ProductSort[]];

/**
 * A product list's query string. Nothing a visitor can type is an error: an unknown sort is the
 * list's default (/products: by name, as the spec lists them; a collection: its own order), a
 * page that is not a whole number from 1 is page 1, a search is trimmed and cut to 100
 * characters. An unknown collection or tag is kept: it simply matches nothing. A page past the
 * end is the route's 404.
 */
function listQuery(sorts: [ProductSort, ...ProductSort[]]) {
  return z.object({
    sort: z.enum(sorts).catch(sorts[0]),
    page: z.coerce.number().int().min(1).max(1_000_000_000).catch(1),
    q: text(100),
    collection: text(200),
    tag: text(100),
  });
}
export const productListQuery = listQuery(values(PRODUCT_SORTS));
const collectionListQuery = listQuery(values(COLLECTION_SORTS));
export type ProductListQuery = ProductListParams;

const read = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;

export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  return productListQuery.parse({
    sort: read(params, "sort"),
    page: read(params, "page"),
    q: read(params, "q"),
    collection: read(params, "collection"),
    tag: read(params, "tag"),
  });
}

/** A collection page's query string: its sort (the collection's order by default) and page. */
export function readCollectionListQuery(params: URLSearchParams, slug: string): ProductListQuery {
  return collectionListQuery.parse({
    sort: read(params, "sort"),
    page: read(params, "page"),
    collection: slug,
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
function sortOrder(sort: ProductSort, reversed: boolean, inCollection: boolean): SQL[] {
  const [forward, backward] = reversed ? [desc, asc] : [asc, desc];
  switch (sort) {
    // The collection's order: the range of collection_products_order_idx, joined by primary key.
    case "featured":
      if (!inCollection) return sortOrder("name", reversed, false);
      return [forward(collectionProducts.position), forward(collectionProducts.productId)];
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

/** What narrows a list: the search, a tag (GIN index on tags) and a collection (by id). */
type ListFilter = { q: string; tag: string; collectionId: string | null };

function filterWhere({ q, tag }: ListFilter): SQL | undefined {
  return and(onStorefront(), searchFilter(q), tag ? arrayContains(products.tags, [tag]) : undefined);
}

/**
 * Narrows a select from products to the filter: a collection is an inner join on the primary key
 * of collection_products (its products only, each once), the rest a WHERE on products' indexes.
 */
function narrowed<T extends PgSelect>(query: T, filter: ListFilter) {
  const { collectionId } = filter;
  const joined = collectionId
    ? query.innerJoin(
        collectionProducts,
        and(eq(collectionProducts.productId, products.id), eq(collectionProducts.collectionId, collectionId)),
      )
    : query;
  return joined.where(filterWhere(filter));
}

export async function countProducts(db: Db, filter: ListFilter): Promise<number> {
  // Only active products count (a collection may hold drafts being prepared for it).
  const [row] = await narrowed(db.select({ total: count() }).from(products).$dynamic(), filter);
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
  { sort, page }: Pick<ProductListQuery, "sort" | "page">,
  filter: ListFilter,
  total: number,
): Promise<ProductPage> {
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  if (page > pageCount) return { products: [], page, pageCount, total };
  const start = (page - 1) * PRODUCTS_PER_PAGE;
  const end = Math.min(start + PRODUCTS_PER_PAGE, total);
  const fromEnd = start > total - end;
  const rows = await narrowed(db.select(summaryColumns).from(products).$dynamic(), filter)
    .orderBy(...sortOrder(sort, fromEnd, Boolean(filter.collectionId)))
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
    .where(onStorefront())
    .orderBy(desc(products.featured), desc(products.createdAt), desc(products.id))
    .limit(HOME_PRODUCTS);
  return rows.map(toSummary);
}

const noProducts = (page: number): ProductPage => ({ products: [], page, pageCount: 1, total: 0 });

/**
 * The /products (or a collection's) page for a query. The whole catalog's size and each
 * collection's are read once per storefront version (an exact count costs a scan of the index
 * at 100,000 products); a search or a tag is counted each time. An unknown or unpublished
 * collection matches nothing.
 */
export async function productPage(db: Db, query: ProductListQuery): Promise<ProductPage> {
  const collectionId = query.collection ? await findPublishedCollectionId(db, query.collection) : null;
  if (query.collection && !collectionId) return noProducts(query.page);
  const filter: ListFilter = { q: query.q, tag: query.tag, collectionId };
  const total =
    query.q || query.tag
      ? await countProducts(db, filter)
      : await cachedForStorefront(db, `product-count:${collectionId ?? "all"}`, async () => ({
          value: await countProducts(db, filter),
          complete: true,
        }));
  return listProductPage(db, query, filter, total);
}
