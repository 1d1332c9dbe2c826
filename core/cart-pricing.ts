/**
 * Pricing of a cart, in integer cents. Pure: the server prices carts with it from the current
 * catalog, and the browser re-runs it over optimistic changes so totals update instantly.
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
};

export type PricedCartLine = CartLineInput & {
  /** Quantity × current price; 0 for lines that cannot be bought. */
  lineTotalCents: number;
};

export type PricedCart = {
  lines: PricedCartLine[];
  /** Total item quantity over every line (the header badge). */
  quantity: number;
  subtotalCents: number;
  /** Shipping is calculated at checkout, so the cart total equals the subtotal. */
  totalCents: number;
  /** True when a line is sold out or deleted: checkout is refused until it is removed. */
  hasUnavailableLines: boolean;
};

export const emptyCart: PricedCart = {
  lines: [],
  quantity: 0,
  subtotalCents: 0,
  totalCents: 0,
  hasUnavailableLines: false,
};

export function priceCartLines(lines: CartLineInput[]): PricedCart {
  const priced = lines.map((line) => ({
    ...line,
    lineTotalCents:
      line.status === "available" && line.unitPriceCents !== null ? line.unitPriceCents * line.quantity : 0,
  }));
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    lines: priced,
    quantity: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    totalCents: subtotalCents,
    hasUnavailableLines: priced.some((line) => line.status !== "available"),
  };
}
