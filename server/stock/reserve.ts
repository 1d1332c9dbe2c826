import { eq } from "drizzle-orm";
import { shortageMessage } from "../../core/stock.ts";
import type { Tx } from "../db/client.ts";
import { stockReservations } from "../db/schema/index.ts";
import { heldUnits, lockTrackedVariants, unitsByVariant } from "./locked-variants.ts";

/** A line asks for more than is free; `message` is the shopper's text ("Only 2 left"). */
export class StockShortage extends Error {
  constructor(
    readonly variantId: string,
    readonly available: number,
    message: string,
  ) {
    super(message);
    this.name = "StockShortage";
  }
}

export type StockLine = { variantId: string | null; quantity: number };

/**
 * Holds the order's units of tracked variants until `expiresAt` (its payment window, decision 011).
 * Runs inside the checkout transaction: the variant rows are locked in id order, and what is free
 * is the stock less every unexpired hold, so concurrent checkouts can never promise one unit twice.
 * Throws StockShortage (rolling the whole checkout back) when a line asks for more than is free.
 */
export async function reserveStock(
  tx: Tx,
  orderId: string,
  lines: StockLine[],
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  const wanted = unitsByVariant(lines);
  const tracked = await lockTrackedVariants(tx, [...wanted.keys()]);
  if (tracked.size === 0) return;
  const held = await heldUnits(tx, [...tracked.keys()], now);
  for (const variant of tracked.values()) {
    const available = Math.max(0, variant.stockQuantity - (held.get(variant.id) ?? 0));
    if (wanted.get(variant.id)! > available)
      throw new StockShortage(variant.id, available, shortageMessage(variant.name, available));
  }
  await tx.insert(stockReservations).values(
    [...tracked.keys()].map((variantId) => ({
      orderId,
      variantId,
      quantity: wanted.get(variantId)!,
      expiresAt,
    })),
  );
}

/** Ends an unpaid order's holds (expired, failed or cancelled payment); a no-op without any. */
export async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.orderId, orderId));
}
