/**
 * The admin's options-and-variants editor as plain data (docs/decisions/029-options-and-variants.md):
 * what the form holds before it is saved, and the steps the editor offers (generate the missing
 * combinations, move, remove, restore). Pure, so the browser applies a step instantly and the
 * server applies the same step for a form posted without JavaScript.
 */

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;

/** An option as typed: its name and its values separated by commas ("30g, 50g, 100g"). */
export type OptionDraft = { name: string; values: string };

/** A variant row as typed (money in dollars, as text). `key` only identifies the row on screen. */
export type VariantDraft = {
  key: string;
  /** Empty for a row not saved yet. */
  id: string;
  values: string[];
  sku: string;
  price: string;
  compareAt: string;
  weightGrams: string;
  gtin: string;
  mpn: string;
  imageUrl: string;
  /** Units on hand as typed; empty = not tracked (docs/stock.md). */
  stock: string;
  /** The count the form showed when opened: the save applies the difference, not the number. */
  stockShown: string;
  /** "Only N left" at or under this; empty = the shop default. */
  lowStock: string;
  soldOut: boolean;
  /** Kept for past orders, off the storefront; the editor offers Restore. */
  archived: boolean;
};

export type VariantsDraft = { options: OptionDraft[]; variants: VariantDraft[] };

/** A new product: one option "Size" (the spec's weight) and one variant. */
export function newProductDraft(): VariantsDraft {
  return { options: [{ name: "Size", values: "30ml" }], variants: [emptyRow(["30ml"], "new-0")] };
}

export function emptyRow(values: string[], key: string): VariantDraft {
  return {
    key,
    id: "",
    values,
    sku: "",
    price: "",
    compareAt: "",
    weightGrams: "",
    gtin: "",
    mpn: "",
    imageUrl: "",
    stock: "",
    stockShown: "",
    lowStock: "",
    soldOut: false,
    archived: false,
  };
}

/** "30g, 50g , ,100g" → ["30g", "50g", "100g"]. */
export function splitValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/** What people see for a variant: its values joined, "50g / 3". */
export function variantTitle(values: string[]): string {
  return values.filter(Boolean).join(" / ");
}

const comboKey = (values: string[]) => JSON.stringify(values);

/** Every combination of the options' values, first option slowest (bounded by MAX_VARIANTS + 1). */
export function combinations(options: OptionDraft[]): string[][] {
  let combos: string[][] = [[]];
  for (const option of options) {
    const values = splitValues(option.values);
    combos = combos.flatMap((combo) => values.map((v) => [...combo, v])).slice(0, MAX_VARIANTS + 1);
  }
  return options.length === 0 ? [] : combos;
}

/**
 * Adds a row for each combination no row has yet (archived rows count: restore those instead).
 * A row not saved yet whose combination the options no longer have (the new product's default
 * "30ml" once the sizes are "30g, 50g") is replaced; saved rows are kept (archive them by hand).
 * New rows start with the first live row's price and weight.
 */
export function generateVariants(draft: VariantsDraft, newKey: (n: number) => string): VariantDraft[] {
  const combos = combinations(draft.options);
  const wanted = new Set(combos.map(comboKey));
  const template = draft.variants.find((v) => !v.archived);
  const kept = draft.variants.filter((v) => v.id !== "" || wanted.has(comboKey(v.values)));
  const existing = new Set(kept.map((v) => comboKey(v.values)));
  const added = combos
    .filter((values) => !existing.has(comboKey(values)))
    .map((values, n) => ({
      ...emptyRow(values, newKey(n)),
      price: template?.price ?? "",
      weightGrams: template?.weightGrams ?? "",
    }));
  return [...kept, ...added].slice(0, Math.max(MAX_VARIANTS, kept.length));
}

/**
 * The options after an edit, applied to the rows: a value renamed in place (same option, same
 * number of values, same position) is renamed in every row, so "30ml" → "30g" needs one edit.
 */
export function renameInRows(before: OptionDraft[], after: OptionDraft[], rows: VariantDraft[]) {
  return rows.map((row) => {
    const values = row.values.map((value, i) => {
      const old = splitValues(before[i]?.values ?? "");
      const next = splitValues(after[i]?.values ?? "");
      const at = old.indexOf(value);
      return old.length === next.length && at >= 0 ? next[at]! : value;
    });
    return values.every((v, i) => v === row.values[i]) ? row : { ...row, values };
  });
}

/** Moves row `index` one place up (-1) or down (+1); out of range does nothing. */
export function moveRow<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A step of the editor, as posted by its buttons without JavaScript ("up:2", "generate"…). */
export type EditorStep =
  | { kind: "generate" }
  | { kind: "add-option" }
  | { kind: "remove-option"; index: number }
  | { kind: "up" | "down" | "remove" | "restore"; index: number };

export function parseStep(text: string): EditorStep | null {
  if (text === "generate" || text === "add-option") return { kind: text };
  const match = /^(up|down|remove|restore|remove-option):(\d{1,3})$/.exec(text);
  if (!match) return null;
  return {
    kind: match[1] as "up" | "down" | "remove" | "restore" | "remove-option",
    index: Number(match[2]),
  };
}

export function stepValue(step: EditorStep): string {
  return "index" in step ? `${step.kind}:${step.index}` : step.kind;
}

/** Applies one editor step. */
export function applyStep(
  draft: VariantsDraft,
  step: EditorStep,
  newKey: (n: number) => string,
): VariantsDraft {
  const { options, variants } = draft;
  switch (step.kind) {
    case "generate":
      return { options, variants: generateVariants(draft, newKey) };
    case "add-option":
      if (options.length >= MAX_OPTIONS) return draft;
      return { options: [...options, { name: "", values: "" }], variants };
    case "remove-option":
      return {
        options: options.filter((_, i) => i !== step.index),
        variants: variants.map((v) => ({ ...v, values: v.values.filter((_, i) => i !== step.index) })),
      };
    case "up":
    case "down":
      return { options, variants: moveRow(variants, step.index, step.kind === "up" ? -1 : 1) };
    case "remove":
      return { options, variants: variants.filter((_, i) => i !== step.index) };
    case "restore":
      return {
        options,
        variants: variants.map((v, i) => (i === step.index ? { ...v, archived: false } : v)),
      };
  }
}
