import type { CartAction } from "~core/catalog/cart-input.ts";
import { MAX_LINE_QUANTITY, toLineQuantity } from "~core/catalog/cart-quantity.ts";
import { type PricedCart, priceCartLines } from "~core/pricing/cart-pricing.ts";

/**
 * The cart as it will be once the given in-flight cart submissions succeed, so the badge, rows
 * and totals change at the click. The server's answer replaces it moments later.
 * A new product's row needs the server (name, price); until then only the quantity counts it.
 */
export function applyPendingCartChanges(cart: PricedCart, pending: FormData[]): PricedCart {
  if (pending.length === 0) return cart;
  // Each line carries its product's tiers, so the volume saving is recomputed here like on the server.
  let lines = cart.lines.map(
    ({ lineTotalCents: _t, volumePercentOff: _p, volumeDiscountCents: _d, ...line }) => line,
  );
  let unlistedQuantity = 0;
  for (const form of pending) {
    const action = readPendingCartAction(form);
    if (!action) continue;
    if (action.intent === "remove") {
      lines = lines.filter((line) => line.lineId !== action.lineId);
    } else if (action.intent === "update") {
      lines = lines.map((line) =>
        line.lineId === action.lineId ? { ...line, quantity: action.quantity } : line,
      );
    } else if (action.intent === "add") {
      // Without a chosen variant the server adds the product's first one: only the product is known.
      const existing = lines.find(
        (line) =>
          line.productId === action.productId &&
          (action.variantId === undefined || line.variantId === action.variantId) &&
          line.status === "available",
      );
      if (!existing) unlistedQuantity += action.quantity;
      else if (existing.quantity + action.quantity <= MAX_LINE_QUANTITY) {
        lines = lines.map((line) =>
          line === existing ? { ...line, quantity: line.quantity + action.quantity } : line,
        );
      }
    }
  }
  const priced = priceCartLines(lines);
  return { ...priced, quantity: priced.quantity + unlistedQuantity };
}

/**
 * Reads an in-flight cart form in the browser without zod (kept off the storefront's first load).
 * Quantities follow the server's rule exactly; ids are only checked to be present, since an
 * unknown id matches no line and the server's answer replaces the guess moments later.
 */
export function readPendingCartAction(form: FormData): CartAction | null {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : null;
  };
  const intent = field("intent");
  const lineId = field("lineId");
  const productId = field("productId");
  const variantId = field("variantId") ?? undefined;
  const quantity = toLineQuantity(form.get("quantity"));
  if (intent === "remove" && lineId) return { intent, lineId };
  if (intent === "update" && lineId && quantity !== null) return { intent, lineId, quantity };
  if (intent === "add" && productId && quantity !== null) return { intent, productId, variantId, quantity };
  return null;
}
