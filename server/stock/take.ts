import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { stockReservations } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { lockTrackedVariants, unitsByVariant } from "./locked-variants.ts";
import { applyStockChange } from "./movements.ts";

export type TakeResult = { taken: number; shortfall: number };

/**
 * At payment, inside fulfilment's transaction: the paid order's units of tracked variants leave
 * stock (a 'sale' movement each) and its holds are deleted. What is sold is the order's items,
 * not its holds, so an order paid after its hold ended is taken all the same. That must never
 * fail — a payment taken is never left without its order — so when less is on hand than sold the
 * count stops at zero, the movement records the `shortfall` and a warning is logged for the admin.
 * `order.items` are the items fulfilment has just read in the same transaction.
 */
export async function takeReservedStock(
  tx: Tx,
  order: { id: string; items: { variantId: string | null; quantity: number }[] },
  log?: Partial<Pick<Logger, "warn">>,
): Promise<TakeResult> {
  await tx.delete(stockReservations).where(eq(stockReservations.orderId, order.id));
  return takeUnits(tx, order.id, order.items, log);
}

/** Takes `lines` from stock for an order, clamping at zero (see takeReservedStock). */
export async function takeUnits(
  tx: Tx,
  orderId: string,
  lines: { variantId: string | null; quantity: number }[],
  log?: Partial<Pick<Logger, "warn">>,
): Promise<TakeResult> {
  const sold = unitsByVariant(lines);
  const tracked = await lockTrackedVariants(tx, [...sold.keys()]);
  const result: TakeResult = { taken: 0, shortfall: 0 };
  for (const variant of tracked.values()) {
    const quantity = sold.get(variant.id)!;
    const taken = Math.min(quantity, variant.stockQuantity);
    const shortfall = quantity - taken;
    await applyStockChange(tx, { variant, delta: -taken, reason: "sale", orderId, shortfall });
    result.taken += taken;
    result.shortfall += shortfall;
    if (shortfall > 0)
      log?.warn?.(
        { orderId, variantId: variant.id, sold: quantity, onHand: quantity - shortfall },
        "order paid with less stock on hand than sold; stock stopped at zero",
      );
  }
  return result;
}
