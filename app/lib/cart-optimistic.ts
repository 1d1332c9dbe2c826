import { MAX_LINE_QUANTITY, parseCartAction } from "./cart-input.ts";
import { type PricedCart, priceCartLines } from "./cart-pricing.ts";

/**
 * The cart as it will be once the given in-flight cart submissions succeed, so the badge, rows
 * and totals change at the click. The server's answer replaces it moments later.
 * A new product's row needs the server (name, price); until then only the quantity counts it.
 */
export function applyPendingCartChanges(cart: PricedCart, pending: FormData[]): PricedCart {
  if (pending.length === 0) return cart;
  let lines = cart.lines.map(({ lineTotalCents: _, ...line }) => line);
  let unlistedQuantity = 0;
  for (const form of pending) {
    const parsed = parseCartAction(form);
    if (!parsed.ok) continue;
    const action = parsed.action;
    if (action.intent === "remove") {
      lines = lines.filter((line) => line.lineId !== action.lineId);
    } else if (action.intent === "update") {
      lines = lines.map((line) =>
        line.lineId === action.lineId ? { ...line, quantity: action.quantity } : line,
      );
    } else {
      const existing = lines.find(
        (line) => line.productId === action.productId && line.status === "available",
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
