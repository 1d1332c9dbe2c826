import { z } from "zod";
import { postalAddressSchema } from "../../core/forms/address-form.ts";
import { type PostalAddress, SHIPPING_COUNTRIES } from "../../core/orders/address.ts";
import type { CsvRecord } from "../csv-import/csv-records.ts";
import { customerDetailsSchema, noteAndTagsSchema } from "../customers/actions.ts";

/** A customer as read from one row of Shopify's customer CSV, checked by the shop's own rules. */
export type CustomerDraft = {
  row: number;
  email: string;
  /** "First Last"; null when the file has neither. */
  name: string | null;
  phone: string | null;
  note: string;
  tags: string[];
  /** The file says the customer accepted email marketing there. */
  acceptsEmail: boolean;
  /** The default address, when it is one this shop can ship to (else `addressProblem`). */
  address: PostalAddress | null;
  addressProblem?: string;
};

export type DraftResult =
  | { ok: true; draft: CustomerDraft }
  | { ok: false; row: number; email: string; name: string; reason: string };

/**
 * Shopify's column names: newer exports prefix the address with "Default Address", older ones
 * (and "Total Spent, Total Orders" files) do not, and say "Province"/"Country" beside the codes.
 * The first name present wins.
 */
const COLUMNS = {
  firstName: ["First Name"],
  lastName: ["Last Name"],
  email: ["Email"],
  acceptsEmail: ["Accepts Email Marketing", "Accepts Marketing"],
  company: ["Default Address Company", "Company"],
  address1: ["Default Address Address1", "Address1"],
  address2: ["Default Address Address2", "Address2"],
  city: ["Default Address City", "City"],
  province: ["Default Address Province Code", "Province Code", "Province"],
  country: ["Default Address Country Code", "Country Code", "Country"],
  zip: ["Default Address Zip", "Zip"],
  addressPhone: ["Default Address Phone"],
  phone: ["Phone"],
  tags: ["Tags"],
  note: ["Note"],
} as const;

type Field = keyof typeof COLUMNS;

/** A Shopify customer CSV names at least Email and a name column. */
export function isShopifyCustomerHeader(columns: string[]): boolean {
  const has = (name: string) => columns.some((c) => c.toLowerCase() === name.toLowerCase());
  return has("Email") && (has("First Name") || has("Last Name"));
}

/** Shopify writes "yes"/"no" (older files "true"/"false"; its API says "subscribed"). */
const saysYes = (text: string) => /^(yes|true|subscribed)$/i.test(text.trim());

const cell = (record: CsvRecord, field: Field): string => {
  for (const name of COLUMNS[field]) {
    const value = record.cells[name];
    if (value !== undefined && value.trim() !== "") return value.trim();
  }
  return "";
};

const rowSchema = z.object({
  email: customerDetailsSchema.shape.email,
  name: customerDetailsSchema.shape.name.optional(),
  phone: z.string().max(40, "The phone is at most 40 characters."),
  note: noteAndTagsSchema.shape.note,
  tags: noteAndTagsSchema.shape.tags,
});

/** One row to a draft, or the reason it is refused (the first rule it breaks). */
export function customerDraft(record: CsvRecord): DraftResult {
  const name = [cell(record, "firstName"), cell(record, "lastName")].filter(Boolean).join(" ");
  const email = cell(record, "email");
  const parsed = rowSchema.safeParse({
    email,
    name: name || undefined,
    phone: cell(record, "phone") || cell(record, "addressPhone"),
    // Notes keep their line breaks; a stray CR of a CRLF file is dropped.
    note: (record.cells.Note ?? "").replace(/\r\n?/g, "\n").trim(),
    tags: cell(record, "tags"),
  });
  if (!parsed.success)
    return {
      ok: false,
      row: record.row,
      email,
      name,
      reason: parsed.error.issues[0]?.message ?? "Invalid row.",
    };
  const { address, problem } = defaultAddress(record, parsed.data.name ?? "");
  return {
    ok: true,
    draft: {
      row: record.row,
      email: parsed.data.email,
      name: parsed.data.name || null,
      phone: parsed.data.phone || null,
      note: parsed.data.note,
      tags: parsed.data.tags,
      acceptsEmail: saysYes(cell(record, "acceptsEmail")),
      address,
      ...(problem && { addressProblem: problem }),
    },
  };
}

/** The default address by the address book's rules; a blank one is none, a bad one a note. */
function defaultAddress(
  record: CsvRecord,
  name: string,
): { address: PostalAddress | null; problem?: string } {
  const line1 = cell(record, "address1");
  if (!line1) return { address: null };
  const company = cell(record, "company");
  const parsed = postalAddressSchema.safeParse({
    name: name || company,
    phone: cell(record, "addressPhone") || cell(record, "phone"),
    line1,
    line2: [cell(record, "address2"), name && company].filter(Boolean).join(", "),
    city: cell(record, "city"),
    state: cell(record, "province"),
    postalCode: cell(record, "zip"),
    country: countryCode(cell(record, "country")),
  });
  if (parsed.success) return { address: parsed.data };
  return { address: null, problem: `address not imported: ${parsed.error.issues[0]?.message ?? "invalid"}` };
}

/** Older files write the country's name ("United States"); the address book keeps its code. */
function countryCode(text: string): string {
  const byName = SHIPPING_COUNTRIES.find((c) => c.name.toLowerCase() === text.toLowerCase());
  return byName?.code ?? (text || "US");
}
