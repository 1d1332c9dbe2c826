import { z } from "zod";

/**
 * Carriers an order can ship with, and how a parcel is tracked (decision 038). Pure rules shared
 * by the admin forms, the storefront pages and the shipped email.
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

export const TRACKING_NUMBER_MESSAGE = "Tracking number must be 6–40 letters or digits, without spaces";

/**
 * The carrier and tracking number an admin types when shipping (or correcting) an order. Checked
 * loosely for every carrier: 6–40 letters and digits once trimmed, so a pasted number with
 * surrounding spaces passes but "1Z 999" or a URL does not.
 */
export const shipmentSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: "Choose a carrier" }),
    carrierName: z
      .string()
      .trim()
      .max(60, "Carrier name must be at most 60 characters")
      .optional()
      .transform((name) => name || null),
    trackingNumber: z
      .string({ error: "Enter the tracking number" })
      .trim()
      .min(1, "Enter the tracking number")
      .regex(/^[A-Za-z0-9]{6,40}$/, TRACKING_NUMBER_MESSAGE),
  })
  .superRefine((value, ctx) => {
    if (value.carrier === "other" && !value.carrierName)
      ctx.addIssue({ code: "custom", path: ["carrierName"], message: "Enter the carrier's name" });
  })
  // A known carrier's name is its own; a free name only belongs to "Other".
  .transform((value) => ({ ...value, carrierName: value.carrier === "other" ? value.carrierName : null }));

export type ShipmentInput = z.output<typeof shipmentSchema>;
