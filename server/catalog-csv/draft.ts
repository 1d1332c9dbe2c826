/**
 * A product as read from a catalog CSV, whatever the format (Shopify, WooCommerce): what the
 * import checks and saves (import-product.ts). Money and counts stay as the file wrote them; the
 * product form's rules (server/catalog/admin-products.ts) judge them, so a file and the form
 * refuse the same things with the same words.
 */
export type ProductStatus = "active" | "draft" | "archived";

export type VariantDraft = {
  row: number;
  values: string[];
  sku: string;
  price: string;
  compareAt: string;
  grams: string;
  /** Units on hand; blank = not tracked. */
  stock: string;
  barcode: string;
  imageUrl: string;
  /** Marked out of stock without a count (WooCommerce's "In stock?" 0). */
  soldOut: boolean;
};

export type ProductDraft = {
  /** The row the product starts on (its first row in the file). */
  row: number;
  /** Shopify's handle (our slug); for WooCommerce, made from the name. */
  handle: string;
  name: string;
  /** Plain text, already cleaned from the file's HTML (html-text.ts). */
  description: string;
  tags: string[];
  status: ProductStatus;
  seoTitle: string;
  seoDescription: string;
  images: string[];
  options: { name: string; values: string[] }[];
  variants: VariantDraft[];
  /** Set when the file itself makes the product impossible (the reason shown in the preview). */
  refusal?: string;
  /** Things left out that the owner may want to know (a barcode that is not a GTIN…). */
  notes: string[];
};

export function newDraft(row: number, handle: string): ProductDraft {
  return {
    row,
    handle,
    name: "",
    description: "",
    tags: [],
    status: "active",
    seoTitle: "",
    seoDescription: "",
    images: [],
    options: [],
    variants: [],
    notes: [],
  };
}

/** "a, b ,, c" → ["a", "b", "c"], each once. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Adds a value to an option's list once, keeping the file's order. */
export function addOptionValue(option: { values: string[] }, value: string) {
  if (value && !option.values.includes(value)) option.values.push(value);
}

export const isTrue = (text: string) => /^(true|yes|1)$/i.test(text.trim());
