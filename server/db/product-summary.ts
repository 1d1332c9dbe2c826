import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { products } from "./schema/index.ts";

/**
 * Recomputes the product rows' price range and sold-out flag from their live variants (a
 * tracked variant at zero stock is sold out), so lists sort, filter and show "From $X" from one
 * indexed row. Call it in the same transaction as any variant change, stock crossing zero included
 * (server/stock/movements.ts). A product with no live variant is sold out. It lives in db/, like
 * a trigger would, because both catalog (variant edits) and stock (counts) keep the row in step.
 */
export async function syncProductSummary(db: Db, productIds: string[]) {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({
      priceCents: sql`coalesce((select min(v.price_cents) from product_variants v where v.product_id = ${products.id} and v.archived_at is null), ${products.priceCents})`,
      priceMaxCents: sql`coalesce((select max(v.price_cents) from product_variants v where v.product_id = ${products.id} and v.archived_at is null), ${products.priceCents})`,
      soldOut: sql`coalesce((select bool_and(v.sold_out or coalesce(v.stock_quantity = 0, false)) from product_variants v where v.product_id = ${products.id} and v.archived_at is null), true)`,
    })
    .where(inArray(products.id, productIds));
}
