import { eq, sql } from "drizzle-orm";
import { recordChange } from "../audit/record.ts";
import type { Tx } from "../db/client.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { productVariants, stockMovements } from "../db/schema/index.ts";
import type { LockedVariant } from "./locked-variants.ts";

export type StockReason = (typeof stockMovements.$inferInsert)["reason"];

export type StockChange = {
  variant: LockedVariant;
  delta: number;
  reason: StockReason;
  note?: string | null;
  orderId?: string | null;
  actorId?: string | null;
  shortfall?: number;
};

/**
 * Applies a change to a locked tracked variant and records it. The caller keeps the result at or
 * above zero (the CHECK constraint refuses otherwise). Crossing zero either way changes whether
 * the variant is sold out, so the product's summary is re-synced in the same transaction.
 */
export async function applyStockChange(tx: Tx, change: StockChange): Promise<number> {
  const before = change.variant.stockQuantity;
  const after = before + change.delta;
  await tx
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${change.delta}` })
    .where(eq(productVariants.id, change.variant.id));
  await tx.insert(stockMovements).values({
    variantId: change.variant.id,
    delta: change.delta,
    quantityAfter: after,
    reason: change.reason,
    note: change.note || null,
    orderId: change.orderId ?? null,
    actorId: change.actorId ?? null,
    shortfall: change.shortfall ?? 0,
  });
  change.variant.stockQuantity = after;
  // In the product's history (server/audit/): a staff adjustment, a refund's restock, a job's sale.
  await recordChange(tx, {
    entityType: "product",
    entityId: change.variant.productId,
    entityLabel: change.variant.name,
    action: "stock",
    before: { stock: before },
    after: { stock: after },
    details: {
      reason: change.reason,
      ...(change.note ? { note: change.note } : {}),
      ...(change.orderId ? { order: change.orderId } : {}),
    },
  });
  if ((before === 0) !== (after === 0)) await syncProductSummary(tx, [change.variant.productId]);
  return after;
}
