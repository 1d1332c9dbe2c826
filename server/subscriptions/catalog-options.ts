import { asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";

export type VariantOption = { variantId: string; productId: string; label: string; priceCents: number };

/**
 * What a subscriber may pick in the items form: every variant still sold (not archived), by
 * product; sold-out ones are left out (repriceItems checks again when the form is sent).
 */
export async function subscribableVariants(db: Db, limit = 300): Promise<VariantOption[]> {
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      product: products.name,
      title: productVariants.title,
      priceCents: productVariants.priceCents,
      soldOut: productVariants.soldOut,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(isNull(productVariants.archivedAt))
    .orderBy(asc(products.name), asc(productVariants.position))
    .limit(limit);
  return rows
    .filter((row) => !row.soldOut && row.stockQuantity !== 0)
    .map((row) => ({
      variantId: row.variantId,
      productId: row.productId,
      label: row.title ? `${row.product} (${row.title})` : row.product,
      priceCents: row.priceCents,
    }));
}
