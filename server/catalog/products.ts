import { asc, eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { ProductDetail, ProductSummary } from "../../app/lib/catalog.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { products, productViews } from "../db/schema/index.ts";

type ProductRow = typeof products.$inferSelect;

/** Every product, ordered by name (the storefront grid). */
export async function listProducts(db: Db): Promise<ProductSummary[]> {
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  return rows.map(toSummary);
}

export async function findProductBySlug(db: Db, slug: string): Promise<ProductDetail | null> {
  const [row] = await db.select().from(products).where(eq(products.slug, slug)).limit(1);
  return row ? toDetail(row) : null;
}

/** By id; null for a missing product or a value that is not a UUID (never a database error). */
export async function findProductById(db: Db, id: string): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ? toDetail(row) : null;
}

/**
 * The product page's lookup: by slug first, then by id (old links used ids). `byId` tells the
 * route to redirect to the slug URL.
 */
export async function findProductForPage(
  db: Db,
  slugOrId: string,
): Promise<{ product: ProductDetail; byId: boolean } | null> {
  const bySlug = await findProductBySlug(db, slugOrId);
  if (bySlug) return { product: bySlug, byId: false };
  const byId = await findProductById(db, slugOrId);
  return byId ? { product: byId, byId: true } : null;
}

/**
 * Records one view and returns the new view count. One statement, so concurrent views never
 * lose an increment (no read-modify-write as in the spec's client code).
 */
export async function recordProductView(db: Db, productId: string): Promise<number | null> {
  const result = await db.execute<{ view_count: number }>(sql`
    with view as (
      insert into ${productViews} (product_id) values (${productId}) returning product_id
    )
    update ${products} set view_count = view_count + 1
    where id = (select product_id from view)
    returning view_count`);
  // postgres.js answers an array of rows, PGlite an object with `rows`.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    view_count: number;
  }[];
  return rows[0]?.view_count ?? null;
}

/** Views are counted for people only: crawlers, link previews and headless browsers are skipped. */
export function isHumanVisitor(userAgent: string | null): boolean {
  return Boolean(userAgent) && !isbot(userAgent);
}

function toSummary(row: ProductRow): ProductSummary {
  const images = [...new Set([row.imageUrl, ...row.imageUrls].filter((u): u is string => Boolean(u)))];
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    priceCents: row.priceCents,
    weightType: row.weightType,
    soldOut: row.soldOut,
    images,
  };
}

function toDetail(row: ProductRow): ProductDetail {
  return {
    ...toSummary(row),
    description: row.description,
    tags: row.tags,
    viewCount: row.viewCount,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}
