import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../core/catalog/stock.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { listStockMovements, type StockMovementRow } from "./history.ts";
import { heldUnits } from "./locked-variants.ts";

export type StockVariantRow = {
  id: string;
  title: string;
  sku: string;
  stockQuantity: number | null;
  /** The threshold in force (the variant's, or the shop default). */
  lowStockThreshold: number;
  /** Units held by open payments (not yet sold). */
  held: number;
  archived: boolean;
};

export type StockPage = {
  product: { id: string; name: string };
  variants: StockVariantRow[];
  movements: StockMovementRow[];
};

/** The stock screen of one product (/admin/products/:id/stock); null for an unknown id. */
export async function loadStockPage(db: Db, productId: string, now = new Date()): Promise<StockPage | null> {
  if (!isUuid(productId)) return null;
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  const [held, movements] = await Promise.all([
    heldUnits(
      db,
      rows.map((r) => r.id),
      now,
    ),
    listStockMovements(db, productId),
  ]);
  return {
    product,
    variants: rows.map((r) => ({
      id: r.id,
      title: r.title,
      sku: r.sku,
      stockQuantity: r.stockQuantity,
      lowStockThreshold: r.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      held: held.get(r.id) ?? 0,
      archived: r.archivedAt !== null,
    })),
    movements,
  };
}
