import type { Destination } from "../orders/address.ts";

/**
 * Shipping rates as the owner sets them on /admin/shipping (pure, shared by browser and server;
 * docs/decisions/035-shipping-rates.md). A zone is a country and, optionally, some of its states;
 * each zone has one rate: a flat price, or free from a threshold with that price below it.
 */
export type ShippingZone = {
  /** "United States", "Alaska & Hawaii". */
  zoneName: string;
  country: string;
  /** Empty: the whole country (the country's default zone). */
  states: readonly string[];
  /** What the buyer sees: "Standard shipping", "Free shipping". */
  rateName: string;
  priceCents: number;
  /** Free when the goods (after every discount) cost at least this much; null: always the price. */
  freeOverCents: number | null;
};

export type ShippingQuote = {
  zoneName: string;
  rateName: string;
  cents: number;
  freeOverCents: number | null;
};

/** The zone for a destination: one naming its state wins over the country's default zone. */
export function zoneFor<Z extends ShippingZone>(zones: readonly Z[], destination: Destination): Z | null {
  const inCountry = zones.filter((zone) => zone.country === destination.country);
  return (
    inCountry.find((zone) => zone.states.includes(destination.state)) ??
    inCountry.find((zone) => zone.states.length === 0) ??
    null
  );
}

/** The country's default zone: the cart's estimate before an address is known. */
export function defaultZone<Z extends ShippingZone>(zones: readonly Z[], country = "US"): Z | null {
  return zones.find((zone) => zone.country === country && zone.states.length === 0) ?? null;
}

/** What a zone's rate costs for goods worth `goodsCents` (after every discount). */
export function rateCents(zone: Pick<ShippingZone, "priceCents" | "freeOverCents">, goodsCents: number) {
  if (zone.freeOverCents !== null && goodsCents >= zone.freeOverCents) return 0;
  return zone.priceCents;
}

export function quoteZone(zone: ShippingZone, goodsCents: number): ShippingQuote {
  return {
    zoneName: zone.zoneName,
    rateName: rateCents(zone, goodsCents) === 0 && zone.priceCents > 0 ? "Free shipping" : zone.rateName,
    cents: rateCents(zone, goodsCents),
    freeOverCents: zone.freeOverCents,
  };
}

/** The quote for a destination, or null when the shop does not ship there. */
export function quoteShipping(
  zones: readonly ShippingZone[],
  destination: Destination,
  goodsCents: number,
): ShippingQuote | null {
  const zone = zoneFor(zones, destination);
  return zone ? quoteZone(zone, goodsCents) : null;
}

/** How much more the goods must cost for free shipping; null when it is free already or never. */
export function missingForFreeShipping(quote: ShippingQuote, goodsCents: number): number | null {
  if (quote.freeOverCents === null || quote.cents === 0) return null;
  return Math.max(0, quote.freeOverCents - goodsCents);
}
