import { z } from "zod";
import { US_STATES } from "../orders/address.ts";
import { MAX_TAX_BASIS_POINTS } from "../pricing/sales-tax.ts";

/** The /admin/shipping forms (zones with their rate, state sales tax), parsed into cents and basis points. */

const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** "5", "5.5", "5.00" → 500 cents, without floating point; at most $100,000. */
export function dollarsToCents(text: string): number {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const dollars = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, message)
    .transform(dollarsToCents);

const name = (message: string) =>
  z.string().trim().min(1, message).max(60, "Please use at most 60 characters.");

export const shippingZoneInputSchema = z.object({
  zoneName: name("Please name the zone."),
  /** "AK, HI" — empty for the whole country (only the default zone). */
  states: z
    .string()
    .max(400, "Too many states.")
    .transform((text) => [
      ...new Set(
        text
          .toUpperCase()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
    ])
    .refine((codes) => codes.every((c) => US_STATE_CODES.has(c)), "Use two-letter state codes, e.g. AK, HI."),
  rateName: name("Please name the rate, e.g. Standard shipping."),
  price: dollars("Please enter a price like 5.00."),
  freeOver: z
    .string()
    .trim()
    .max(12)
    .transform((text) => text || null)
    .pipe(dollars("Please enter an amount like 50.00, or leave it empty.").nullable()),
});

export type ShippingZoneInput = z.output<typeof shippingZoneInputSchema>;

export const taxRateInputSchema = z.object({
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => US_STATE_CODES.has(c), "Please choose a state."),
  /** Percent as typed: "8.25" → 825 basis points. */
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, "Please enter a rate like 8.25.")
    .transform(dollarsToCents)
    .refine((bp) => bp <= MAX_TAX_BASIS_POINTS, "A rate above 20% is not a US sales tax rate."),
  taxesShipping: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export type TaxRateInput = z.output<typeof taxRateInputSchema>;
