import type { Destination } from "../../core/orders/address.ts";
import type { StateTaxRate } from "../../core/pricing/sales-tax.ts";
import { defaultZone, type ShippingZone, zoneFor } from "../../core/pricing/shipping.ts";
import type { Db, Tx } from "../db/client.ts";
import { taxRateFor } from "./tax-rates.ts";
import { listShippingZones } from "./zones.ts";

/** What priceCheckout needs about a destination: its shipping zone and its state's sales tax. */
export type DeliveryTerms = { shippingZone: ShippingZone | null; taxRate: StateTaxRate | null };

/**
 * The terms for a destination; without one (the cart, before the address step) the US default
 * zone and no tax — an estimate the cart labels as such.
 */
export async function deliveryTerms(db: Db | Tx, destination: Destination | null): Promise<DeliveryTerms> {
  const zones = await listShippingZones(db);
  if (!destination) return { shippingZone: defaultZone(zones), taxRate: null };
  return { shippingZone: zoneFor(zones, destination), taxRate: await taxRateFor(db, destination.state) };
}
