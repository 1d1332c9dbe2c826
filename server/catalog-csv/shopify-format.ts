import type { CsvRecord } from "../csv-import/csv-records.ts";
import { addOptionValue, newDraft, type ProductDraft, type ProductStatus, splitList } from "./draft.ts";
import { htmlToText } from "./html-text.ts";

/**
 * Shopify's product CSV (help.shopify.com, "Using CSV files to import and export products"): one
 * row per variant, the product's own fields on its first row, further images on rows of their
 * own (Handle + Image Src). The columns this shop reads and writes, in Shopify's order.
 */
export const SHOPIFY_PRODUCT_HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Variant Image",
  "SEO Title",
  "SEO Description",
  "Status",
] as const;

export type ShopifyColumn = (typeof SHOPIFY_PRODUCT_HEADER)[number];

/** Shopify's newer export names some columns differently; either name is read. */
const NEWER_NAMES: Partial<Record<ShopifyColumn, string>> = {
  Handle: "URL handle",
  "Body (HTML)": "Description",
  Published: "Published on online store",
  "Option1 Name": "Option1 name",
  "Option1 Value": "Option1 value",
  "Option2 Name": "Option2 name",
  "Option2 Value": "Option2 value",
  "Option3 Name": "Option3 name",
  "Option3 Value": "Option3 value",
  "Variant SKU": "SKU",
  "Variant Grams": "Weight value (grams)",
  "Variant Inventory Tracker": "Inventory tracker",
  "Variant Inventory Qty": "Inventory quantity",
  "Variant Price": "Price",
  "Variant Compare At Price": "Compare-at price",
  "Variant Barcode": "Barcode",
  "Image Src": "Product image URL",
  "Image Position": "Image position",
  "Image Alt Text": "Image alt text",
  "Variant Image": "Variant image URL",
  "SEO Title": "SEO title",
  "SEO Description": "SEO description",
};

export const isShopifyProductHeader = (columns: string[]) =>
  (columns.includes("Handle") || columns.includes("URL handle")) && columns.includes("Title");

/** A cell by its classic column name, or by the newer name when the file uses that. */
const cellOf = (cells: Record<string, string>) => (column: ShopifyColumn) =>
  (cells[column] ?? cells[NEWER_NAMES[column] ?? ""] ?? "").trim();

const OPTION_SLOTS = [1, 2, 3] as const;

/**
 * Groups the rows of one handle into one product. Shopify writes a product's rows together, so a
 * product is complete when the handle changes: only one product is held at a time.
 */
export async function* shopifyDrafts(records: AsyncIterable<CsvRecord>): AsyncGenerator<ProductDraft> {
  let current: ProductDraft | null = null;
  let images: { src: string; position: number; order: number }[] = [];
  const finished = new Set<string>();
  const finish = (draft: ProductDraft) => {
    draft.images = images.sort((a, b) => a.position - b.position || a.order - b.order).map((i) => i.src);
    if (!draft.name && !draft.refusal) draft.refusal = "no Title on the product's first row";
    if (draft.variants.length === 0 && !draft.refusal) draft.refusal = "no variant row (Variant Price)";
    finished.add(draft.handle.toLowerCase());
    images = [];
    return draft;
  };
  for await (const { row, cells } of records) {
    const get = cellOf(cells);
    const handle = get("Handle");
    if (!handle) {
      yield { ...newDraft(row, ""), refusal: "no Handle" };
      continue;
    }
    if (current && current.handle !== handle) yield finish(current);
    if (!current || current.handle !== handle) {
      current = newDraft(row, handle);
      if (finished.has(handle.toLowerCase()))
        current.refusal = `the rows of handle ${handle} are not together: it appeared before row ${row}`;
      readProductFields(current, get);
    }
    const src = get("Image Src");
    if (src) images.push({ src, position: Number(get("Image Position")) || 1e9, order: images.length });
    if (isVariantRow(get)) readVariant(current, row, get);
  }
  if (current) yield finish(current);
}

function readProductFields(draft: ProductDraft, get: (column: ShopifyColumn) => string) {
  draft.name = get("Title");
  draft.description = htmlToText(get("Body (HTML)"));
  draft.tags = splitList(get("Tags"));
  draft.seoTitle = get("SEO Title");
  draft.seoDescription = get("SEO Description");
  draft.status = statusOf(get("Status"), get("Published"));
  for (const n of OPTION_SLOTS) {
    const name = get(`Option${n} Name`);
    if (name) draft.options.push({ name, values: [] });
  }
}

/** Status (active/draft/archived) when the file has it; older files only say Published. */
function statusOf(status: string, published: string): ProductStatus {
  const s = status.toLowerCase();
  if (s === "draft" || s === "archived" || s === "active") return s;
  if (/^false$/i.test(published)) return "draft";
  return "active";
}

/** A row is a variant when it sets a price, a SKU or an option value (image-only rows set none). */
const isVariantRow = (get: (column: ShopifyColumn) => string) =>
  get("Variant Price") !== "" || get("Variant SKU") !== "" || get("Option1 Value") !== "";

function readVariant(draft: ProductDraft, row: number, get: (column: ShopifyColumn) => string) {
  const values = draft.options.map((option, i) => {
    const value = get(`Option${OPTION_SLOTS[i]!} Value`);
    addOptionValue(option, value);
    return value;
  });
  if (draft.options.length === 0) {
    // A product without options: Shopify's own convention for its one variant.
    draft.options.push({ name: "Title", values: ["Default Title"] });
    values.push("Default Title");
  }
  const tracked = get("Variant Inventory Tracker") !== "" || get("Variant Inventory Qty") !== "";
  draft.variants.push({
    row,
    values,
    sku: get("Variant SKU"),
    price: get("Variant Price"),
    compareAt: get("Variant Compare At Price"),
    grams: get("Variant Grams"),
    stock: tracked ? get("Variant Inventory Qty") || "0" : "",
    barcode: get("Variant Barcode").replace(/^'/, ""),
    imageUrl: get("Variant Image"),
    soldOut: false,
  });
}
