import {
  emptyRow,
  MAX_OPTIONS,
  MAX_VARIANTS,
  type OptionDraft,
  type VariantDraft,
  type VariantsDraft,
} from "~core/catalog/variant-drafts.ts";

/**
 * The options-and-variants editor posts its rows as indexed fields ("options.0.name",
 * "variants.2.sku", "variants.2.values.1"), so it works as a plain form without JavaScript.
 * These name the fields and read them back in index order.
 */

export const optionField = (index: number, field: keyof OptionDraft) => `options.${index}.${field}`;
export const variantField = (index: number, field: Exclude<keyof VariantDraft, "key" | "values">) =>
  `variants.${index}.${field}`;
export const variantValueField = (index: number, option: number) => `variants.${index}.values.${option}`;

const TEXT_FIELDS = [
  "id",
  "sku",
  "price",
  "compareAt",
  "weightGrams",
  "gtin",
  "mpn",
  "imageUrl",
  "stock",
  "stockShown",
  "lowStock",
] as const;

/** Indexes above this are ignored (one over the limits, so the schema still says "at most…"). */
const INDEX_LIMIT = MAX_VARIANTS + 1;

/** The distinct indexes used by fields starting with `prefix.`, in order (bounded). */
function indexesOf(form: FormData, prefix: string, limit: number): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`^${prefix}\\.(\\d{1,4})\\.`);
  for (const key of form.keys()) {
    const match = pattern.exec(key);
    if (match && Number(match[1]) < limit) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function readVariantsDraft(form: FormData): VariantsDraft {
  const options = indexesOf(form, "options", MAX_OPTIONS + 1).map((i) => ({
    name: text(form, optionField(i, "name")),
    values: text(form, optionField(i, "values")),
  }));
  const variants = indexesOf(form, "variants", INDEX_LIMIT).map((i): VariantDraft => {
    const row = emptyRow([], "");
    for (const field of TEXT_FIELDS) row[field] = text(form, variantField(i, field));
    row.values = Array.from({ length: MAX_OPTIONS }, (_, k) => form.get(variantValueField(i, k)))
      .filter((v) => v !== null)
      .map(String);
    row.soldOut = form.get(variantField(i, "soldOut")) === "on";
    row.archived = form.get(variantField(i, "archived")) === "on";
    row.key = row.id || `row-${i}`;
    return row;
  });
  return { options, variants };
}
