import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { stockMovements } from "../db/schema/index.ts";
import { lockTrackedVariants, unitsByVariant } from "./locked-variants.ts";
import { applyStockChange } from "./movements.ts";

export type RestockInput = {
  orderId: string;
  items: { variantId: string | null; quantity: number }[];
  reason: "cancel" | "refund";
  actorId: string | null;
};

/**
 * Puts a paid order's units back on the shelf (the admin cancelled it, or a refund returns
 * goods). Only what the order's sale took out can come back, less what earlier cancels or refunds
 * of the same order already returned — so calling it twice, or a refund then a cancel, never
 * counts a unit twice. Untracked variants, and units a late payment never took, are skipped.
 * Runs in the caller's transaction; the variant row lock serialises concurrent calls.
 * Returns the units put back.
 */
export async function restockItems(tx: Tx, input: RestockInput): Promise<number> {
  const asked = unitsByVariant(input.items);
  const tracked = await lockTrackedVariants(tx, [...asked.keys()]);
  if (tracked.size === 0) return 0;
  const returnable = await returnableUnits(tx, input.orderId, [...tracked.keys()]);
  let restocked = 0;
  for (const variant of tracked.values()) {
    const units = Math.min(asked.get(variant.id)!, returnable.get(variant.id) ?? 0);
    if (units <= 0) continue;
    await applyStockChange(tx, {
      variant,
      delta: units,
      reason: input.reason,
      orderId: input.orderId,
      actorId: input.actorId,
    });
    restocked += units;
  }
  return restocked;
}

/** Per variant: units the order's sale took minus units already returned for it. */
async function returnableUnits(tx: Tx, orderId: string, variantIds: string[]) {
  const rows = await tx
    .select({
      variantId: stockMovements.variantId,
      net: sql<number>`-sum(${stockMovements.delta})::int`,
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.orderId, orderId),
        inArray(stockMovements.variantId, variantIds),
        inArray(stockMovements.reason, ["sale", "cancel", "refund"]),
      ),
    )
    .groupBy(stockMovements.variantId);
  return new Map(rows.map((row) => [row.variantId, Number(row.net)]));
}
