import { percentageOf } from "./money.ts";
import { type QuantityTier, tierFor } from "./quantity-tiers.ts";

/**
 * Pricing of a cart, in integer cents. Pure: the server prices carts with it from the current
 * catalog, and the browser re-runs it over optimistic changes so totals update instantly.
 * Volume pricing (decision 030): a product's quantity tier is chosen by the units of that product
 * in the cart, all its variants together, and takes its percentage off each of its lines,
 * rounded half up per line.
 */

/** Why a line cannot be bought right now. */
export type CartLineStatus = "available" | "sold_out" | "deleted";

export type CartLineInput = {
  lineId: string;
  productId: string | null;
  /** The variant the line is for; null once it was deleted. */
  variantId: string | null;
  sku: string | null;
  slug: string | null;
  name: string;
  /** The variant title ("30ml", "50g / 3-pack"). */
  weight: string;
  quantity: number;
  /** Current catalog price; null when the product no longer exists. */
  unitPriceCents: number | null;
  imageUrl: string | null;
  status: CartLineStatus;
  /** The product's current quantity tiers (empty when it has none or no longer exists). */
  quantityTiers: QuantityTier[];
  /** Units free to buy of a tracked variant (stock less open holds); null or absent: not tracked. */
  available?: number | null;
};

export type PricedCartLine = CartLineInput & {
  /** Quantity × current price; 0 for lines that cannot be bought. */
  lineTotalCents: number;
  /** The percentage of the product's tier reached in this cart (0 below every tier). */
  volumePercentOff: number;
  /** That percentage of lineTotalCents, rounded half up; the line costs lineTotalCents − this. */
  volumeDiscountCents: number;
};

export type PricedCart = {
  lines: PricedCartLine[];
  /** Total item quantity over every line (the header badge). */
  quantity: number;
  /** The lines at their full prices. */
  subtotalCents: number;
  /** The lines' volume discounts together. */
  volumeDiscountCents: number;
  /** Subtotal less the volume discount; shipping and other discounts come at checkout. */
  totalCents: number;
  /** True when a line is sold out or deleted: checkout is refused until it is removed. */
  hasUnavailableLines: boolean;
};

export const emptyCart: PricedCart = {
  lines: [],
  quantity: 0,
  subtotalCents: 0,
  volumeDiscountCents: 0,
  totalCents: 0,
  hasUnavailableLines: false,
};

export function priceCartLines(lines: CartLineInput[]): PricedCart {
  const units = unitsByProduct(lines);
  const priced = lines.map((line): PricedCartLine => {
    const buyable = line.status === "available" && line.unitPriceCents !== null;
    const lineTotalCents = buyable ? line.unitPriceCents! * line.quantity : 0;
    const tier =
      buyable && line.productId ? tierFor(line.quantityTiers, units.get(line.productId) ?? 0) : null;
    // Saved tiers are 1–90%; the clamp only keeps a hand-edited row from pricing below zero.
    const volumePercentOff = Math.min(Math.max(tier?.percentOff ?? 0, 0), 100);
    return {
      ...line,
      lineTotalCents,
      volumePercentOff,
      volumeDiscountCents: percentageOf(lineTotalCents, volumePercentOff * 100),
    };
  });
  const subtotalCents = sum(priced, (line) => line.lineTotalCents);
  const volumeDiscountCents = sum(priced, (line) => line.volumeDiscountCents);
  return {
    lines: priced,
    quantity: sum(priced, (line) => line.quantity),
    subtotalCents,
    volumeDiscountCents,
    totalCents: subtotalCents - volumeDiscountCents,
    hasUnavailableLines: priced.some((line) => line.status !== "available"),
  };
}

/** Units of each product over its buyable lines: what picks the product's tier. */
function unitsByProduct(lines: CartLineInput[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) {
    if (line.status !== "available" || line.unitPriceCents === null || !line.productId) continue;
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return units;
}

function sum<T>(items: T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}
