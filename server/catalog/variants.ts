import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ProductOption, ProductVariant } from "../../core/catalog/catalog.ts";
import { isSoldOut, lowStockLeft } from "../../core/catalog/stock.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { productOptions, products, productVariants } from "../db/schema/index.ts";
import { onStorefront } from "./status.ts";

/**
 * Options and variants of products (docs/decisions/029-options-and-variants.md): reading them for
 * the storefront, and making a product's single variant. The product row's summary (lowest/highest
 * price, sold out) is kept in step by syncProductSummary (server/db/product-summary.ts).
 */

type VariantRow = typeof productVariants.$inferSelect;

export function toVariant(row: VariantRow): ProductVariant {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    optionValues: row.optionValues,
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents,
    weightGrams: row.weightGrams,
    imageUrl: row.imageUrl,
    soldOut: isSoldOut(row),
    stockLeft: lowStockLeft(row),
    gtin: row.gtin,
    mpn: row.mpn,
  };
}

const live = isNull(productVariants.archivedAt);

/** Sold out by flag or by tracked stock at zero (core/catalog/stock.ts isSoldOut), in SQL. */
const soldOutSql = sql`(${productVariants.soldOut} or coalesce(${productVariants.stockQuantity} = 0, false))`;

/** A product's options (name and values), in position order. */
export function loadProductOptions(db: Db, productId: string): Promise<ProductOption[]> {
  return db
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
}

/** A product's options and live variants, in position order. */
export async function loadProductVariants(
  db: Db,
  productId: string,
): Promise<{ options: ProductOption[]; variants: ProductVariant[] }> {
  const [options, variants] = await Promise.all([
    loadProductOptions(db, productId),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), live))
      .orderBy(asc(productVariants.position), asc(productVariants.createdAt)),
  ]);
  return { options, variants: variants.map(toVariant) };
}

/**
 * A live variant of a product on the storefront, for the cart; null for an unknown id, a
 * non-UUID, or a product that is a draft or archived (it cannot be bought).
 */
export async function findLiveVariant(db: Db, variantId: string) {
  if (!isUuid(variantId)) return null;
  const [row] = await db
    .select({ variant: productVariants, product: products })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), live, onStorefront()));
  return row ?? null;
}

/**
 * What "add to cart" without a choice (a product card's button) adds: the first live variant on
 * sale, as the product page preselects it; the first live one when all are sold out.
 */
export async function defaultVariantId(db: Db, productId: string): Promise<string | null> {
  if (!isUuid(productId)) return null;
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), live))
    .orderBy(asc(soldOutSql), asc(productVariants.position), asc(productVariants.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The SKU a one-variant product gets by default: its slug and weight, upper case. */
export function defaultSku(slug: string, title: string) {
  return `${slug}-${title}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Gives a product its single variant (option "Size" = its weight), as every product made before
 * variants got in migration 0018. Used by the seed and the test factories; the admin form saves
 * through admin-variants.ts.
 */
export async function createSingleVariant(
  db: Db,
  product: { id: string; slug: string; priceCents: number; weightType: string; soldOut: boolean },
  sku = defaultSku(product.slug, product.weightType),
) {
  await db
    .insert(productOptions)
    .values({ productId: product.id, name: "Size", position: 0, values: [product.weightType] });
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId: product.id,
      sku,
      title: product.weightType,
      optionValues: [product.weightType],
      priceCents: product.priceCents,
      soldOut: product.soldOut,
    })
    .returning();
  await syncProductSummary(db, [product.id]);
  return variant!;
}
