import { z } from "zod";
import { SHIPPING_COUNTRIES, US_STATES } from "../orders/address.ts";
import { PHONE_INVALID, phoneSchema } from "../text/phone.ts";

/** The address form's rules and messages (server-side validation; core/orders/address.ts is the data). */
const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));

export const addressMessages = {
  nameRequired: "Please enter the recipient's full name.",
  phoneRequired: "Please enter a phone number for the carrier.",
  phoneInvalid: PHONE_INVALID,
  line1Required: "Please enter the street address.",
  cityRequired: "Please enter the city.",
  stateInvalid: "Please choose a state.",
  postalCodeInvalid: "Please enter a 5-digit ZIP code (or ZIP+4).",
  countryInvalid: "We ship to the United States only for now.",
  tooLong: "Please enter at most 100 characters.",
} as const;

const line = (required: string) => z.string().trim().min(1, required).max(100, addressMessages.tooLong);

/** A delivery address with the recipient's name and phone; every field a carrier label needs. */
export const postalAddressSchema = z
  .object({
    name: line(addressMessages.nameRequired),
    phone: phoneSchema(addressMessages.phoneRequired),
    line1: line(addressMessages.line1Required),
    line2: z.string().trim().max(100, addressMessages.tooLong).optional().default(""),
    city: line(addressMessages.cityRequired),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => US_STATE_CODES.has(s), addressMessages.stateInvalid),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, addressMessages.postalCodeInvalid),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .default("US")
      .refine((c) => SHIPPING_COUNTRIES.some((s) => s.code === c), addressMessages.countryInvalid),
  })
  .strip();

export const guestEmailMessages = {
  invalid: "Please enter a valid email address, or leave it empty.",
} as const;

/**
 * A guest's optional email on the checkout's address step (decision 044): empty means none.
 * An account's email is never taken from this field.
 */
export const guestCheckoutEmailSchema = z
  .string()
  .trim()
  .max(254, guestEmailMessages.invalid)
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(""), z.email(guestEmailMessages.invalid)]))
  .transform((v) => (v === "" ? null : v));
