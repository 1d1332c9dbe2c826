import { and, count, eq, gt, inArray } from "drizzle-orm";
import { shortageMessage } from "../../core/catalog/stock.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, stockReservations } from "../db/schema/index.ts";
import { InvalidInputError, RateLimitedError } from "../errors.ts";
import { admitClientHold, type ClientHoldRefusal } from "../reservations/client-holds.ts";
import { paymentHoldRule } from "../reservations/hold-rule.ts";
import { openOrder } from "../reservations/open-orders.ts";
import {
  heldUnits,
  type LockedTrackedVariant,
  lockTrackedVariants,
  unitsByVariant,
} from "./locked-variants.ts";

/** A line asks for more than is free; `message` is the shopper's text ("Only 2 left"). */
export class StockShortage extends InvalidInputError {
  constructor(
    readonly variantId: string,
    readonly available: number,
    message: string,
  ) {
    super({ title: "Not Enough Stock", description: message });
  }
}

/** The client may not hold a variant's last units once more (decision 051); `variantName` names it. */
export class StockHeldByClient extends RateLimitedError {
  constructor(
    readonly refusal: ClientHoldRefusal,
    readonly variantName: string,
  ) {
    super(stockHeldMessage(refusal, variantName), HOLD_RETRY_SECONDS);
  }
}

/** Thirty minutes: an unfinished payment's hold runs out by then. */
const HOLD_RETRY_SECONDS = 30 * 60;

/** What a client over its cap on a variant's last units is told (decision 051). */
function stockHeldMessage(refusal: ClientHoldRefusal, name: string) {
  if (refusal === "held_too_often")
    return {
      title: "Already Held Too Often",
      description: `Unfinished payments from your connection have held the last units of ${name} too often today. Please try again tomorrow.`,
    };
  return {
    title: "Already in Another Payment",
    description: `An unfinished payment from your connection already holds the last units of ${name}. Complete or cancel it, or try again in 30 minutes.`,
  };
}

export type StockLine = { variantId: string | null; quantity: number };

/**
 * Holds the order's units of tracked variants until `expiresAt` (its payment window, decision 011).
 * Runs inside the checkout transaction: the variant rows are locked in id order, and what is free
 * is the stock less every unexpired hold, so concurrent checkouts can never promise one unit twice.
 * Throws StockShortage (rolling the whole checkout back) when a line asks for more than is free,
 * and StockHeldByClient when `clientIp` is over its cap on a variant's last units.
 */
export async function reserveStock(
  tx: Tx,
  orderId: string,
  lines: StockLine[],
  expiresAt: Date,
  now = new Date(),
  clientIp: string | null = null,
): Promise<void> {
  const wanted = unitsByVariant(lines);
  const tracked = await lockTrackedVariants(tx, [...wanted.keys()]);
  if (tracked.size === 0) return;
  const held = await heldUnits(tx, [...tracked.keys()], now);
  for (const variant of tracked.values()) {
    const available = Math.max(0, variant.stockQuantity - (held.get(variant.id) ?? 0));
    if (wanted.get(variant.id)! > available)
      throw new StockShortage(variant.id, available, shortageMessage(variant.name, available));
    const left = available - wanted.get(variant.id)!;
    if (clientIp && left <= variant.lowStockThreshold) await capClientHold(tx, variant, clientIp, now);
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

/**
 * A hold that leaves the variant in its "Only N left" zone is scarce: the per-client cap coupons
 * have applies (one open hold per address, a few a day), so one address cannot keep the last
 * units from everyone by pressing Pay and never paying. Ample stock is not capped.
 */
async function capClientHold(tx: Tx, variant: LockedTrackedVariant, clientIp: string, now: Date) {
  const refusal = await admitClientHold(tx, paymentHoldRule, {
    item: `variant:${variant.id}`,
    clientIp,
    openHolds: await holdsOfClient(tx, variant.id, clientIp, now),
  });
  if (refusal) throw new StockHeldByClient(refusal, variant.name);
}

/** Unexpired holds of one variant by unpaid payments from one client address. */
async function holdsOfClient(tx: Tx, variantId: string, clientIp: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(stockReservations)
    .innerJoin(orders, eq(orders.id, stockReservations.orderId))
    .where(
      and(
        eq(stockReservations.variantId, variantId),
        gt(stockReservations.expiresAt, now),
        eq(orders.clientIp, clientIp),
        openOrder(paymentHoldRule, now),
      ),
    );
  return row?.n ?? 0;
}

/** Ends an unpaid order's holds (expired, failed or cancelled payment); a no-op without any. */
export async function releaseStock(tx: Tx, orderId: string): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.orderId, orderId));
}

/**
 * A new press of Pay supersedes the cart's earlier holds (decision 051): its previous payment is
 * ended first, and any stock hold left by one that could not be ended (the provider said no) goes
 * too. Should that payment still be paid, fulfilment takes the units as a late payment does.
 */
export async function releaseCartStock(db: Db, cartId: string): Promise<void> {
  const unpaidOfCart = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.paymentStatus, "unpaid")));
  await db.delete(stockReservations).where(inArray(stockReservations.orderId, unpaidOfCart));
}
