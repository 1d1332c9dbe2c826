/**
 * Carriers an order can ship with, and how a parcel is tracked (decision 038). Pure rules shared
 * by the admin forms, the storefront pages and the shipped email; no zod here, so browser code
 * may import it (the form schema is core/forms/shipment-form.ts, used on the server).
 */
export const CARRIERS = ["usps", "ups", "fedex", "dhl", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const carrierLabels: Record<Carrier, string> = {
  usps: "USPS",
  ups: "UPS",
  fedex: "FedEx",
  dhl: "DHL",
  other: "Other",
};

/** Each known carrier's public tracking page; the number goes at the end, URL-encoded. */
const trackingPages: Record<Exclude<Carrier, "other">, string> = {
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  ups: "https://www.ups.com/track?tracknum=",
  fedex: "https://www.fedex.com/fedextrack/?trknbr=",
  dhl: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=",
};

/** The carrier's tracking page for a number, or null ("Other" carriers have no known page). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  if (carrier === "other") return null;
  return trackingPages[carrier] + encodeURIComponent(trackingNumber);
}

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** The name shown to people: the known carrier's name, or the free name given with "Other". */
export function carrierDisplayName(carrier: Carrier, carrierName?: string | null): string {
  return carrier === "other" ? carrierName?.trim() || "Other carrier" : carrierLabels[carrier];
}

/** What an order's tracking line shows (null until the order has tracking). */
export type TrackingInfo = { carrier: string; trackingNumber: string; url: string | null };

/** The tracking line of an order row, or null when it has no carrier or number yet. */
export function trackingInfo(order: {
  carrier: string | null;
  carrierName: string | null;
  trackingNumber: string | null;
}): TrackingInfo | null {
  if (!isCarrier(order.carrier) || !order.trackingNumber) return null;
  return {
    carrier: carrierDisplayName(order.carrier, order.carrierName),
    trackingNumber: order.trackingNumber,
    url: trackingUrl(order.carrier, order.trackingNumber),
  };
}
