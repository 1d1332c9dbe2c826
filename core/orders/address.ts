/**
 * A postal address as the checkout and the address book take it (pure, shared by browser and
 * server; the form rules are in core/forms/address-form.ts, kept apart so zod never ships to the browser). The shop ships to the United States first: the country list and state rules grow here
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

/** A delivery address with the recipient's name and phone (checked by core/forms/address-form.ts). */
export type PostalAddress = {
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** An address book is a convenience, not a data store: a cap keeps one account from filling a table. */
export const MAX_SAVED_ADDRESSES = 20;

/** Where an order goes, as shipping rates and sales tax read it. */
export type Destination = Pick<PostalAddress, "country" | "state">;

/** One line for lists and selects: "Jane Doe, 1 Main St, Austin, TX 78701". */
export function formatAddressLine(a: PostalAddress): string {
  const street = a.line2 ? `${a.line1}, ${a.line2}` : a.line1;
  return `${a.name}, ${street}, ${a.city}, ${a.state} ${a.postalCode}`;
}
