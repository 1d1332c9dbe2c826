import { and, asc, isNotNull, isNull, sql } from "drizzle-orm";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../core/stock.ts";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";

export type LowStockVariant = {
  productId: string;
  productName: string;
  variantTitle: string;
  sku: string;
  stockQuantity: number;
};

/** Live tracked variants at or under their low-stock threshold, emptiest first (the dashboard). */
export async function listLowStock(db: Db, limit = 10): Promise<LowStockVariant[]> {
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(
      and(
        isNull(productVariants.archivedAt),
        isNotNull(productVariants.stockQuantity),
        sql`${productVariants.stockQuantity} <= coalesce(${productVariants.lowStockThreshold}, ${DEFAULT_LOW_STOCK_THRESHOLD})`,
      ),
    )
    .orderBy(asc(productVariants.stockQuantity), asc(products.name))
    .limit(limit);
  return rows.map((r) => ({ ...r, stockQuantity: r.stockQuantity! }));
}
