import { and, asc, desc, isNotNull, isNull, or, sql } from "drizzle-orm";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../core/catalog/stock.ts";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";

export type LowStockVariant = {
  productId: string;
  productName: string;
  variantTitle: string;
  sku: string;
  /** Null when stock is not tracked (then only the sold-out flag says anything). */
  stockQuantity: number | null;
  /** Marked sold out by the admin, whatever the count says. */
  soldOut: boolean;
};

/**
 * Live variants that need the owner: marked sold out, or tracked at or under their low-stock
 * threshold. Sold-out ones first, then emptiest first (the dashboard).
 */
export async function listLowStock(db: Db, limit = 10): Promise<LowStockVariant[]> {
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      stockQuantity: productVariants.stockQuantity,
      soldOut: productVariants.soldOut,
    })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(
      and(
        isNull(productVariants.archivedAt),
        or(
          productVariants.soldOut,
          and(
            isNotNull(productVariants.stockQuantity),
            sql`${productVariants.stockQuantity} <= coalesce(${productVariants.lowStockThreshold}, ${DEFAULT_LOW_STOCK_THRESHOLD})`,
          ),
        ),
      ),
    )
    .orderBy(desc(productVariants.soldOut), asc(productVariants.stockQuantity), asc(products.name))
    .limit(limit);
  return rows;
}
