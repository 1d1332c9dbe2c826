import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { ProductSummary } from "../../core/catalog/catalog.ts";
import { summaryColumns, toSummary } from "../catalog/product-list.ts";
import { onStorefront } from "../catalog/status.ts";
import { listColumns } from "../content/blog.ts";
import { type PostCard, postCards } from "../content/storefront.ts";
import type { Db } from "../db/client.ts";
import { blogPosts, products, productVariants } from "../db/schema/index.ts";

/**
 * Storefront search (/search): PostgreSQL full-text search over products and published blog
 * posts (docs/decisions/028-storefront-search.md). The `search_vector` columns are generated in
 * migration 0017 and deliberately not part of the Drizzle tables, so they are named here.
 */

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PRODUCT_LIMIT = 24;
export const SEARCH_POST_LIMIT = 10;
/** More words than this add nothing a shopper means; fewer terms keep the query cheap. */
const MAX_TERMS = 8;
/**
 * Ranking reads each match's vector from the table: a word found in every one of 100,000
 * products took 180–350 ms to rank them all. Only this many matches (the first the index finds)
 * are ranked, 2–8 ms (docs/decisions/028-storefront-search.md).
 */
export const RANK_CANDIDATES = 1_000;

const searchText = z
  .string()
  .transform((q) => q.trim().replace(/\s+/g, " "))
  .pipe(z.string().max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`));

export type SearchQuery = { q: string; error: string | null };

/**
 * `q` from the query string: trimmed, spaces collapsed. Too long is a message for the shopper
 * (and the field keeps the first 100 characters), never a server error.
 */
export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const raw = params.get("q") ?? "";
  const parsed = searchText.safeParse(raw);
  if (parsed.success) return { q: parsed.data, error: null };
  return {
    q: raw.trim().slice(0, SEARCH_MAX_LENGTH),
    error: parsed.error.issues[0]?.message ?? "Invalid search.",
  };
}

/**
 * The tsquery text for what the shopper typed: the words (letters and digits only, so no
 * tsquery operator, quote or backslash survives) joined by AND, the last one a prefix (`:*`)
 * because it may still be being typed. Null when nothing searchable is left. The result is
 * passed to to_tsquery as a bound parameter, never spliced into SQL.
 */
export function prefixTsquery(q: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(" & ");
}

const productVector = sql.raw(`"products"."search_vector"`);
const postVector = sql.raw(`"blog_posts"."search_vector"`);

/**
 * The product one of whose live variants has exactly this SKU, in any case: SKUs are kept as the
 * admin typed them and are unique by upper(sku) (migration 0019), which is also the index this
 * equality is answered from. The subquery runs once (an InitPlan), so the product is then one
 * primary-key lookup.
 */
function exactSkuMatch(q: string): SQL {
  return sql`${products.id} = (select ${productVariants.productId} from ${productVariants}
    where upper(${productVariants.sku}) = upper(${q.trim()}) and ${productVariants.archivedAt} is null)`;
}

/**
 * A SKU hit comes first, then the text matches. It is looked up apart from them: or-ed into the
 * text query it could fall outside the RANK_CANDIDATES the index finds first.
 */
async function searchProducts(db: Db, q: string, tsquery: SQL): Promise<ProductSummary[]> {
  const matches = db
    .select({ ...summaryColumns, rank: sql<number>`ts_rank(${productVector}, ${tsquery})`.as("rank") })
    .from(products)
    .where(and(sql`${productVector} @@ ${tsquery}`, onStorefront()))
    .limit(RANK_CANDIDATES)
    .as("matches");
  const [bySku, byText] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .where(and(exactSkuMatch(q), onStorefront())),
    db
      .select()
      .from(matches)
      .orderBy(desc(matches.rank), asc(matches.name), asc(matches.id))
      .limit(SEARCH_PRODUCT_LIMIT),
  ]);
  const text = byText
    .map(({ rank: _rank, ...row }) => row)
    .filter((row) => !bySku.some((hit) => hit.id === row.id));
  return [...bySku, ...text].slice(0, SEARCH_PRODUCT_LIMIT).map(toSummary);
}

/** Drafts are never found: only published posts match. Posts are few: all matches are ranked. */
async function searchPosts(db: Db, uploadsDir: string, tsquery: SQL): Promise<PostCard[]> {
  const rank = sql`ts_rank(${postVector}, ${tsquery})`;
  const rows = await db
    .select(listColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), sql`${postVector} @@ ${tsquery}`))
    .orderBy(desc(rank), desc(blogPosts.publishedAt), asc(blogPosts.id))
    .limit(SEARCH_POST_LIMIT);
  return postCards(uploadsDir, rows);
}

export type SearchResults = { products: ProductSummary[]; posts: PostCard[] };

export const NO_RESULTS: SearchResults = { products: [], posts: [] };

/** Products (best match first, at most 24), then published posts (at most 10). */
export async function searchStorefront(db: Db, uploadsDir: string, q: string): Promise<SearchResults> {
  const text = prefixTsquery(q);
  if (!text) return NO_RESULTS;
  const tsquery = sql`to_tsquery('english', ${text})`;
  const found = await searchProducts(db, q, tsquery);
  return { products: found, posts: await searchPosts(db, uploadsDir, tsquery) };
}
