import { and, asc, desc, eq, sql } from "drizzle-orm";
import { onStorefront } from "../catalog/status.ts";
import type { Db } from "../db/client.ts";
import { blogPosts, collections, products } from "../db/schema/index.ts";
import { prefixTsquery } from "./search.ts";

/**
 * Suggestions while a shopper types in the header search (/search/suggest): a few products,
 * collections and posts from the same full-text vectors as /search (prefix match on the last word),
 * and, when the words find no product, the product names most alike by trigrams, so a typo
 * ("shilajt") still finds shilajit. Each list is a handful of rows read from an index.
 */
export type Suggestion = { kind: "product" | "collection" | "post"; label: string; href: string };

export const SUGGEST_MIN_LENGTH = 2;
const PRODUCTS = 5;
const COLLECTIONS = 3;
const POSTS = 3;
/** word_similarity of the typed text to a word of the name; 0.5 lets one typo through in 6+ letters. */
const TYPO_SIMILARITY = 0.5;

const productVector = sql.raw(`"products"."search_vector"`);
const postVector = sql.raw(`"blog_posts"."search_vector"`);

export async function suggestStorefront(db: Db, q: string): Promise<Suggestion[]> {
  const text = prefixTsquery(q);
  if (!text || q.trim().length < SUGGEST_MIN_LENGTH) return [];
  const tsquery = sql`to_tsquery('english', ${text})`;
  const [byWords, inCollections, inPosts] = await Promise.all([
    db
      .select({ name: products.name, slug: products.slug })
      .from(products)
      .where(and(sql`${productVector} @@ ${tsquery}`, onStorefront()))
      .orderBy(desc(sql`ts_rank(${productVector}, ${tsquery})`), asc(products.name))
      .limit(PRODUCTS),
    db
      .select({ name: collections.name, slug: collections.slug })
      .from(collections)
      .where(
        and(eq(collections.published, true), sql`to_tsvector('english', ${collections.name}) @@ ${tsquery}`),
      )
      .orderBy(asc(collections.position))
      .limit(COLLECTIONS),
    db
      .select({ title: blogPosts.title, slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(eq(blogPosts.published, true), sql`${postVector} @@ ${tsquery}`))
      .orderBy(desc(sql`ts_rank(${postVector}, ${tsquery})`))
      .limit(POSTS),
  ]);
  const found = byWords.length > 0 ? byWords : await productsAlike(db, q.trim());
  return [
    ...found.map((p) => ({ kind: "product" as const, label: p.name, href: `/product/${p.slug}` })),
    ...inCollections.map((c) => ({
      kind: "collection" as const,
      label: c.name,
      href: `/collections/${c.slug}`,
    })),
    ...inPosts.map((p) => ({ kind: "post" as const, label: p.title, href: `/blog/${p.slug}` })),
  ];
}

/**
 * The typo fallback: names with a word like the typed text (pg_trgm's `<%`, answered from
 * products_name_trgm_idx), most alike first. The threshold is set for this transaction only.
 */
function productsAlike(db: Db, q: string) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
    );
    return tx
      .select({ name: products.name, slug: products.slug })
      .from(products)
      .where(and(sql`${q} <% ${products.name}`, onStorefront()))
      .orderBy(desc(sql`word_similarity(${q}, ${products.name})`), asc(products.name))
      .limit(PRODUCTS);
  });
}
