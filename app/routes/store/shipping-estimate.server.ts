import type { PricedCart } from "~core/pricing/cart-pricing.ts";
import { defaultZone, type ShippingZone } from "~core/pricing/shipping.ts";
import type { RequestContext } from "~server/context.ts";
import { bestEffort } from "~server/http/best-effort.ts";
import { listShippingZones } from "~server/shipping/zones.ts";

/**
 * The zone the cart estimates shipping with (the US default zone, before an address is known);
 * null for an empty cart (no query) or when it cannot be read (the cart then says "at checkout").
 */
export async function cartShippingEstimate(
  context: RequestContext,
  cart: PricedCart,
): Promise<ShippingZone | null> {
  if (cart.lines.length === 0) return null;
  return bestEffort(
    context.log,
    async () => {
      const zone = defaultZone(await listShippingZones(context.database.db));
      return zone && { ...zone, states: [] };
    },
    { failed: "shipping estimate unavailable", fallback: null, level: "warn" },
  );
}
