import { and, eq } from "drizzle-orm";
import { isbot } from "isbot";
import type { ProductDetail } from "../../core/catalog/catalog.ts";
import { sortTiers } from "../../core/pricing/quantity-tiers.ts";
import { isSlugLike } from "../../core/text/slug.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { products } from "../db/schema/index.ts";
import { toSummary } from "./product-list.ts";
import { onStorefront } from "./status.ts";
import { loadProductVariants } from "./variants.ts";

type ProductRow = typeof products.$inferSelect;

export async function findProductBySlug(db: Db, slug: string): Promise<ProductDetail | null> {
  if (!isSlugLike(slug)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), onStorefront()))
    .limit(1);
  return row ? toDetail(db, row) : null;
}

/**
 * By id; null for a missing product, one not on the storefront (draft, archived) or a value that
 * is not a UUID (never a database error).
 */
export async function findProductById(db: Db, id: string): Promise<ProductDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), onStorefront()))
    .limit(1);
  return row ? toDetail(db, row) : null;
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

/** Views are counted for people only: crawlers, link previews and headless browsers are skipped. */
export function isHumanVisitor(userAgent: string | null): boolean {
  return Boolean(userAgent) && !isbot(userAgent);
}

async function toDetail(db: Db, row: ProductRow): Promise<ProductDetail> {
  return {
    ...toSummary(row),
    ...(await loadProductVariants(db, row.id)),
    description: row.description,
    tags: row.tags,
    viewCount: row.viewCount,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
    quantityTiers: sortTiers(row.quantityTiers),
  };
}
