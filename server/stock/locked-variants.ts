import { and, asc, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../core/catalog/stock.ts";
import type { Db, Tx } from "../db/client.ts";
import { products, productVariants, stockReservations } from "../db/schema/index.ts";

export type LockedVariant = { id: string; productId: string; name: string; stockQuantity: number };

/** A tracked variant as checkout locks it: with where "Only N left" starts (the shop default when blank). */
export type LockedTrackedVariant = LockedVariant & { lowStockThreshold: number };

/**
 * Locks the tracked variants among `variantIds`, always in id order so two transactions locking
 * overlapping sets cannot deadlock. FOR NO KEY UPDATE, not FOR UPDATE: the checkout has already
 * inserted order items referencing these rows (their foreign key check holds KEY SHARE), and two
 * checkouts each holding KEY SHARE would deadlock upgrading to FOR UPDATE. Only stock_quantity
 * changes, never a key, so NO KEY UPDATE is the right strength. Untracked variants are left out.
 */
export async function lockTrackedVariants(
  tx: Tx,
  variantIds: string[],
): Promise<Map<string, LockedTrackedVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      title: productVariants.title,
      stockQuantity: productVariants.stockQuantity,
      lowStockThreshold: productVariants.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(and(inArray(productVariants.id, ids), isNotNull(productVariants.stockQuantity)))
    .orderBy(asc(productVariants.id))
    .for("no key update", { of: productVariants });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        productId: row.productId,
        name: `${row.name} (${row.title})`,
        stockQuantity: row.stockQuantity!,
        lowStockThreshold: row.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
      },
    ]),
  );
}

/** Units held by unexpired reservations, per variant. */
export async function heldUnits(tx: Db, variantIds: string[], now: Date): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: stockReservations.variantId,
      held: sql<number>`sum(${stockReservations.quantity})::int`,
    })
    .from(stockReservations)
    .where(and(inArray(stockReservations.variantId, variantIds), gt(stockReservations.expiresAt, now)))
    .groupBy(stockReservations.variantId);
  return new Map(rows.map((row) => [row.variantId, Number(row.held)]));
}

/** Sums quantities per variant (a cart or an order may name one variant on two lines). */
export function unitsByVariant(lines: { variantId: string | null; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  }
  return units;
}
