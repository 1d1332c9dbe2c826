import { and, asc, eq, sql } from "drizzle-orm";
import { isSlugLike } from "../../core/text/slug.ts";
import type { Db } from "../db/client.ts";
import { collections, products } from "../db/schema/index.ts";
import { onStorefront } from "./status.ts";
import { cachedForStorefront } from "./storefront-cache.ts";

/** What the storefront shows of a collection (its page's header and meta). */
export type StoreCollection = Pick<
  typeof collections.$inferSelect,
  "id" | "name" | "slug" | "description" | "imageUrl" | "seoTitle" | "seoDescription" | "updatedAt"
>;
export type CollectionLink = { name: string; slug: string };

/** Tags offered by the /products filter: the most used first, at most this many. */
export const MAX_TAG_CHOICES = 30;

/** A published collection by its slug, or null (unknown, unpublished, or not a slug at all). */
export async function findPublishedCollection(db: Db, slug: string): Promise<StoreCollection | null> {
  if (!isSlugLike(slug)) return null;
  const [row] = await db
    .select({
      id: collections.id,
      name: collections.name,
      slug: collections.slug,
      description: collections.description,
      imageUrl: collections.imageUrl,
      seoTitle: collections.seoTitle,
      seoDescription: collections.seoDescription,
      updatedAt: collections.updatedAt,
    })
    .from(collections)
    .where(and(eq(collections.slug, slug), eq(collections.published, true)));
  return row ?? null;
}

/** The id of a published collection (the /products?collection= filter), from the cached list. */
export async function findPublishedCollectionId(db: Db, slug: string): Promise<string | null> {
  const all = await listPublishedCollections(db);
  return all.find((c) => c.slug === slug)?.id ?? null;
}

/** Published collections in the back office's order, loaded once per storefront version. */
export function listPublishedCollections(db: Db): Promise<(CollectionLink & { id: string })[]> {
  return cachedForStorefront(db, "collections", async () => ({
    value: await db
      .select({ id: collections.id, name: collections.name, slug: collections.slug })
      .from(collections)
      .where(eq(collections.published, true))
      .orderBy(asc(collections.position), asc(collections.id)),
    complete: true,
  }));
}

/**
 * The tags products carry, most used first (then by name), for the /products tag menu: one pass
 * over the tags, once per storefront version.
 */
export function listProductTags(db: Db): Promise<string[]> {
  return cachedForStorefront(db, "product-tags", async () => {
    const tag = sql<string>`unnest(${products.tags})`.as("tag");
    const tagged = db.select({ tag }).from(products).where(onStorefront()).as("tagged");
    const rows = await db
      .select({ tag: tagged.tag })
      .from(tagged)
      .groupBy(tagged.tag)
      .orderBy(sql`count(*) desc`, asc(tagged.tag))
      .limit(MAX_TAG_CHOICES);
    return { value: rows.map((r) => r.tag), complete: true };
  });
}
