import { z } from "zod";
import { CARRIERS } from "../orders/shipment.ts";

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
