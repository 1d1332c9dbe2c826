import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, products, productVariants, stockMovements, user } from "../db/schema/index.ts";

/** How many movements the stock page lists (newest first). */
export const HISTORY_LIMIT = 100;

export type StockMovementRow = {
  id: string;
  variantTitle: string;
  sku: string;
  delta: number;
  quantityAfter: number;
  reason: string;
  note: string | null;
  orderId: string | null;
  orderNumber: number | null;
  actorEmail: string | null;
  shortfall: number;
  createdAt: Date;
};

/** A product's stock movements, newest first, with who made them and for which order. */
export async function listStockMovements(db: Db, productId: string): Promise<StockMovementRow[]> {
  return db
    .select({
      id: stockMovements.id,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      delta: stockMovements.delta,
      quantityAfter: stockMovements.quantityAfter,
      reason: stockMovements.reason,
      note: stockMovements.note,
      orderId: orders.id,
      orderNumber: orders.number,
      actorEmail: user.email,
      shortfall: stockMovements.shortfall,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(user, eq(user.id, stockMovements.actorId))
    .where(and(eq(productVariants.productId, productId)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(HISTORY_LIMIT);
}

/** The items of an order sold short (a late or provider-charged payment): "Name (30g)" each. */
export async function backOrderedItems(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ title: productVariants.title, name: products.name })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(stockMovements.orderId, orderId), gt(stockMovements.shortfall, 0)));
  return rows.map((r) => `${r.name} (${r.title})`);
}
