import { z } from "zod";

/**
 * A postal address as the checkout and the address book take it (pure, shared by browser and
 * server). The shop ships to the United States first: the country list and state rules grow here
 * when shipping zones reach further (docs/decisions/035).
 */
export const SHIPPING_COUNTRIES = [{ code: "US", name: "United States" }] as const;

/** The 50 states, DC and the territories a US carrier delivers to (USPS two-letter codes). */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
  ["PR", "Puerto Rico"],
  ["GU", "Guam"],
  ["VI", "U.S. Virgin Islands"],
  ["AS", "American Samoa"],
  ["MP", "Northern Mariana Islands"],
].map(([code, name]) => ({ code: code!, name: name! }));

const US_STATE_CODES = new Set(US_STATES.map((s) => s.code));

export const addressMessages = {
  nameRequired: "Please enter the recipient's full name.",
  phoneRequired: "Please enter a phone number for the carrier.",
  phoneInvalid: "Please enter a valid phone number (digits, spaces, +, -, parentheses).",
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
    phone: z
      .string()
      .trim()
      .min(1, addressMessages.phoneRequired)
      .max(30, addressMessages.phoneInvalid)
      .regex(/^\+?[0-9 ()\-.]{7,}$/, addressMessages.phoneInvalid),
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

export type PostalAddress = z.output<typeof postalAddressSchema>;

/** Where an order goes, as shipping rates and sales tax read it. */
export type Destination = Pick<PostalAddress, "country" | "state">;

/** One line for lists and selects: "Jane Doe, 1 Main St, Austin, TX 78701". */
export function formatAddressLine(a: PostalAddress): string {
  const street = a.line2 ? `${a.line1}, ${a.line2}` : a.line1;
  return `${a.name}, ${street}, ${a.city}, ${a.state} ${a.postalCode}`;
}
