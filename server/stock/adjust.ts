import { and, eq, isNull } from "drizzle-orm";
import { MAX_STOCK_QUANTITY } from "../../core/catalog/stock.ts";
import type { StockAdjustment } from "../../core/forms/stock-form.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { applyStockChange, type StockReason } from "./movements.ts";

const notFound = () =>
  new NotFoundError({ title: "Variant Not Found", description: "This variant no longer exists." });

function refuse(description: string) {
  return new InvalidInputError({ title: "Stock Not Changed", description }, { quantity: [description] });
}

/**
 * The admin's stock adjustment on /admin/products/:id/stock: sets the count or adds/removes units
 * of one live variant of the product, with a reason, recorded as a movement. Setting a count on
 * an untracked variant starts tracking it. Refuses (nothing changed) a result below zero or above
 * the maximum. Returns the new count.
 */
export async function adjustStock(
  db: Db,
  productId: string,
  input: StockAdjustment,
  actorId: string | null,
): Promise<number> {
  if (!isUuid(productId)) throw notFound();
  return db.transaction(async (tx) => {
    const variant = await lockLiveVariant(tx, productId, input.variantId);
    if (variant.stockQuantity === null && input.mode === "add")
      throw refuse("Stock is not tracked for this variant yet: set a count first.");
    const current = variant.stockQuantity ?? 0;
    const target = input.mode === "set" ? input.quantity : current + input.quantity;
    if (target < 0) throw refuse(`Stock cannot go below zero: ${current} in stock.`);
    if (target > MAX_STOCK_QUANTITY)
      throw refuse(`Stock can be at most ${MAX_STOCK_QUANTITY.toLocaleString("en-US")}.`);
    return changeStockTo(tx, variant, target, input.reason, input.note, actorId);
  });
}

/** A live variant of the product, locked; NotFoundError otherwise. */
async function lockLiveVariant(tx: Tx, productId: string, variantId: string) {
  const [row] = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: productVariants.title,
      name: products.name,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(productVariants.productId, productId),
        isNull(productVariants.archivedAt),
      ),
    )
    .for("no key update", { of: productVariants });
  if (!row) throw notFound();
  return { ...row, name: `${row.name} (${row.title})` };
}

/**
 * Moves a locked variant's count to `target` with one movement (none when unchanged); an
 * untracked variant (null) starts at zero first. The product summary is re-synced either way
 * (sold out follows the count).
 */
export async function changeStockTo(
  tx: Tx,
  variant: { id: string; productId: string; name: string; stockQuantity: number | null },
  target: number,
  reason: StockReason,
  note: string | null,
  actorId: string | null,
): Promise<number> {
  const current = variant.stockQuantity ?? 0;
  if (variant.stockQuantity === null)
    await tx.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, variant.id));
  if (target !== current || variant.stockQuantity === null)
    await applyStockChange(tx, {
      variant: { ...variant, stockQuantity: current },
      delta: target - current,
      reason,
      note,
      actorId,
    });
  await syncProductSummary(tx, [variant.productId]);
  return target;
}
