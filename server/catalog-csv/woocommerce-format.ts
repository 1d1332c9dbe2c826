import { slugify } from "../../core/text/slug.ts";
import type { CsvRecord } from "../csv-import/csv-records.ts";
import { addOptionValue, isTrue, newDraft, type ProductDraft, splitList } from "./draft.ts";
import { htmlToText } from "./html-text.ts";

/**
 * WooCommerce's product CSV (its built-in exporter and importer, "Product CSV Import Schema"):
 * one row per product, `Type` simple / variable / variation; a variation names its product in
 * `Parent` (`id:123` or the product's SKU) and its values in `Attribute N value(s)`. Newlines in
 * texts are written as the two characters \n.
 */
export const isWooCommerceHeader = (columns: string[]) =>
  columns.includes("Type") && columns.includes("Name") && columns.includes("Regular price");

type Get = (column: string) => string;

/**
 * Simple products are complete on their row. A variable product waits for its variations, which
 * the exporter writes after it but not always right after: variable products are held (without
 * the file) until the end, and a variation whose product is not in the file is refused.
 */
export async function* wooCommerceDrafts(records: AsyncIterable<CsvRecord>): AsyncGenerator<ProductDraft> {
  const variable = new Map<string, ProductDraft>();
  for await (const { row, cells } of records) {
    const get: Get = (column) => (cells[column] ?? "").trim();
    const type = get("Type").toLowerCase();
    if (
      type
        .split(",")
        .map((t) => t.trim())
        .includes("variation")
    ) {
      const parent = variable.get(parentKey(get("Parent")));
      if (!parent) {
        yield {
          ...newDraft(row, get("SKU") || `row-${row}`),
          refusal: `its product (Parent ${get("Parent") || "blank"}) is not a variable product earlier in the file`,
        };
        continue;
      }
      readVariation(parent, row, get);
      continue;
    }
    const draft = readProduct(row, get, cells, type.includes("variable"));
    if (type.includes("variable")) {
      for (const key of [get("ID") && `id:${get("ID")}`, get("SKU")])
        if (key) variable.set(parentKey(key), draft);
      continue;
    }
    if (!draft.refusal && !/(^|,\s*)simple\b/.test(type))
      draft.refusal = `type "${get("Type") || "blank"}" is not imported (simple, variable and variation are)`;
    if (!draft.refusal) readVariation(draft, row, get, { own: true });
    yield draft;
  }
  for (const draft of new Set(variable.values())) {
    if (draft.variants.length === 0 && !draft.refusal)
      draft.refusal = "a variable product without variations";
    yield draft;
  }
}

const parentKey = (parent: string) => parent.trim().toLowerCase();

/** The product's own fields; a variable product's attributes are its options (a simple product's only describe it). */
function readProduct(
  row: number,
  get: Get,
  cells: Record<string, string>,
  isVariable: boolean,
): ProductDraft {
  const name = get("Name");
  const draft = newDraft(row, slugify(name));
  draft.name = name;
  if (!name) draft.refusal = "no Name";
  const text = (column: string) =>
    htmlToText((cells[column] ?? "").replaceAll("\\n", "\n"), { newlinesAreBreaks: true });
  draft.description = [text("Short description"), text("Description")].filter(Boolean).join("\n\n");
  draft.tags = splitList(get("Tags"));
  // 1 published, 0 private, -1 draft: only published products are on the storefront.
  draft.status = get("Published") === "1" || get("Published") === "" ? "active" : "draft";
  draft.images = splitList(get("Images"));
  for (let n = 1; isVariable && get(`Attribute ${n} name`) !== ""; n++) {
    draft.options.push({ name: get(`Attribute ${n} name`), values: [] });
  }
  return draft;
}

/** A variation's row (or a simple product's own): its values, price, stock, weight. */
function readVariation(draft: ProductDraft, row: number, get: Get, { own = false } = {}) {
  const values = draft.options.map((option, i) => {
    const value = get(`Attribute ${i + 1} value(s)`);
    addOptionValue(option, value);
    return value;
  });
  if (draft.options.length === 0) {
    draft.options.push({ name: "Title", values: ["Default Title"] });
    values.push("Default Title");
  }
  const sale = get("Sale price");
  const regular = get("Regular price");
  const managed = isTrue(get("Manage stock?")) || (get("Stock") !== "" && get("Manage stock?") === "");
  draft.variants.push({
    row,
    values,
    sku: get("SKU"),
    price: sale || regular,
    compareAt: sale ? regular : "",
    grams: gramsOf(get),
    stock: managed ? get("Stock") || "0" : "",
    barcode: get("GTIN, UPC, EAN, or ISBN") || get("GTIN, UPC, EAN or ISBN"),
    imageUrl: own ? "" : (splitList(get("Images"))[0] ?? ""),
    soldOut: !managed && get("In stock?") === "0",
  });
}

/** "Weight (kg)", "Weight (g)", "Weight (lbs)" or "Weight (oz)": the unit is in the column name. */
function gramsOf(get: Get): string {
  const units: [string, number][] = [
    ["Weight (kg)", 1000],
    ["Weight (g)", 1],
    ["Weight (lbs)", 453.59237],
    ["Weight (oz)", 28.349523125],
  ];
  for (const [column, grams] of units) {
    const value = get(column);
    if (value === "") continue;
    const n = Number(value.replace(",", "."));
    return Number.isFinite(n) && n >= 0 ? String(Math.round(n * grams)) : value;
  }
  return "";
}
