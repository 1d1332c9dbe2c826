import { asc, eq, getTableColumns } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { productOptions, products, productVariants } from "../db/schema/index.ts";

/** Product columns that are counters or summaries of the variants, not something a person edits. */
const SUMMARY = new Set([
  "id",
  "viewCount",
  "priceCents",
  "priceMaxCents",
  "soldOut",
  "createdAt",
  "updatedAt",
]);
const editable = Object.keys(getTableColumns(products)).filter((key) => !SUMMARY.has(key));

const variantFields = [
  "title",
  "priceCents",
  "compareAtCents",
  "weightGrams",
  "imageUrl",
  "soldOut",
  "stockQuantity",
  "lowStockThreshold",
  "gtin",
  "mpn",
  "archivedAt",
] as const;

/**
 * A product as the audit log compares it: its editable fields, and each variant's fields as
 * "<SKU> <field>" (so an entry reads "PS-30 price cents: 3900 → 4200"). Null when it is gone.
 */
export async function productSnapshot(
  db: Db | Tx,
  productId: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) return null;
  const snapshot: Record<string, unknown> = {};
  for (const key of editable) snapshot[key] = row[key as keyof typeof row];
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  for (const variant of variants) {
    for (const field of variantFields) snapshot[`${variant.sku} ${field}`] = variant[field];
  }
  const options = await db
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  snapshot.options = options;
  return snapshot;
}
