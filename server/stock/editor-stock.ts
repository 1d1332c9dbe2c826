import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { productVariants } from "../db/schema/index.ts";
import { changeStockTo } from "./adjust.ts";
import { lockTrackedVariants } from "./locked-variants.ts";

/** The stock field of one variant row in the product form: what was typed and what it showed. */
export type EditorStock = { typed: number | null; shown: number | null };

/**
 * Saves the product form's stock field. The form may have been open while orders sold units, so
 * the save applies what the admin changed (typed − shown) to today's count rather than writing the
 * number back (that would undo those sales); the result never goes below zero. Blank stops
 * tracking; a count on an untracked (or new) variant starts it. Each change is an 'adjustment'
 * movement noted "Product form". Untouched fields change nothing.
 */
export async function saveVariantStock(tx: Tx, variantId: string, stock: EditorStock): Promise<void> {
  if (stock.typed === stock.shown) return;
  if (stock.typed === null) {
    await tx.update(productVariants).set({ stockQuantity: null }).where(eq(productVariants.id, variantId));
    return;
  }
  const [row] = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, title: productVariants.title })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  const tracked = (await lockTrackedVariants(tx, [variantId])).get(variantId);
  const base = { id: variantId, productId: row!.productId, name: row!.title };
  if (!tracked || stock.shown === null) {
    await changeStockTo(
      tx,
      { ...base, stockQuantity: tracked?.stockQuantity ?? null },
      stock.typed,
      "adjustment",
      "Product form",
      null,
    );
    return;
  }
  const target = Math.max(0, tracked.stockQuantity + stock.typed - stock.shown);
  await changeStockTo(tx, tracked, target, "adjustment", "Product form", null);
}
