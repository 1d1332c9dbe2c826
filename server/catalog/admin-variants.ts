import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_STOCK_QUANTITY } from "../../core/catalog/stock.ts";
import { MAX_OPTIONS, MAX_VARIANTS, splitValues, variantTitle } from "../../core/catalog/variant-drafts.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { orderItems, productOptions, products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { saveVariantStock } from "../stock/editor-stock.ts";
import { defaultSku, loadProductOptions } from "./variants.ts";

/**
 * The admin's options and variants of one product (docs/decisions/029-options-and-variants.md):
 * the form's rules (zod) and the save — options rewritten, variants upserted by id in position
 * order, removed ones archived when an order points at them and deleted otherwise, the product's
 * summary synced — all inside the caller's transaction.
 */

const MAX_CENTS = 100_000_000;

/** Dollars as typed ("12", "12.5", "12.50") into cents; the spec's message for anything else. */
function money(label: string, required: boolean) {
  return z
    .string()
    .trim()
    .refine((v) => !required || v !== "", { error: `${label} is required`, abort: true })
    .refine(
      (v) => v === "" || /^\d+(\.\d{1,2})?$/.test(v),
      `${label} must be a positive amount in steps of 0.01`,
    )
    .transform((v) => (v === "" ? null : Math.round(Number(v) * 100)))
    .refine((cents) => cents === null || cents <= MAX_CENTS, `${label} is too large`);
}

/** A count as typed: blank is null (stock not tracked / the shop default threshold). */
function wholeCount(label: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_STOCK_QUANTITY),
      `${label} must be a whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString("en-US")}`,
    )
    .transform((v) => (v === "" ? null : Number(v)));
}

const optional = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

const imageUrl = optional(1000, "Image URL").refine(
  (v) => v === "" || /^\/[^/]/.test(v) || /^https?:\/\//i.test(v),
  "Enter a URL starting with / or https://",
);

const optionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Option name is required")
    .max(50, "Option name must be at most 50 characters"),
  values: z
    .string()
    .max(2000, "Too many values")
    .transform(splitValues)
    .pipe(
      z
        .array(z.string().max(50, "A value must be at most 50 characters"))
        .min(1, "Add at least one value")
        .max(MAX_VARIANTS, `At most ${MAX_VARIANTS} values`),
    )
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      for (const value of values) {
        if (seen.has(value.toLowerCase()))
          ctx.addIssue({ code: "custom", message: `${value} is listed twice` });
        seen.add(value.toLowerCase());
      }
    }),
});

const variantSchema = z.object({
  id: z
    .string()
    .trim()
    .refine((v) => v === "" || isUuid(v), "Unknown variant"),
  values: z.array(z.string().trim().max(50)).max(MAX_OPTIONS),
  sku: optional(64, "SKU").refine(
    (v) => v === "" || /^[\w.\-/]+$/.test(v),
    "SKU may use letters, digits and - _ . /",
  ),
  price: money("Price", true),
  compareAt: money("Compare-at price", false),
  weightGrams: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) <= 1_000_000),
      "Shipping weight must be whole grams",
    )
    .transform((v) => (v === "" ? null : Number(v))),
  gtin: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{8,14}$/.test(v), "GTIN must be 8 to 14 digits"),
  mpn: optional(70, "MPN"),
  imageUrl,
  stock: wholeCount("Stock"),
  stockShown: wholeCount("Stock"),
  lowStock: wholeCount("Low-stock threshold"),
  soldOut: z.boolean(),
  archived: z.boolean(),
});

export type VariantRowInput = z.output<typeof variantSchema>;

/** The options-and-variants fields of the product form (checked together by variantRules). */
export const variantsShape = {
  options: z
    .array(optionSchema)
    .min(1, "Add at least one option")
    .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`),
  variants: z.array(variantSchema).max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`),
};

type VariantsFields = { options: z.output<typeof optionSchema>[]; variants: VariantRowInput[] };

/** The rules across rows: option names and value combinations, SKUs, at least one live variant. */
export function variantRules({ options, variants }: VariantsFields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });
  const names = options.map((o) => o.name.toLowerCase());
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) issue(["options", i, "name"], "Two options have this name");
  });
  if (!variants.some((v) => !v.archived)) issue(["variants"], "Add at least one variant");
  const combos = new Set<string>();
  const skus = new Set<string>();
  const ids = new Set<string>();
  variants.forEach((v, i) => {
    if (v.id && ids.has(v.id)) issue(["variants", i, "id"], "This variant is listed twice");
    ids.add(v.id);
    if (v.sku) {
      if (skus.has(v.sku.toUpperCase()))
        issue(["variants", i, "sku"], `SKU ${v.sku} is used by two variants`);
      skus.add(v.sku.toUpperCase());
    }
    if (v.archived) return; // kept as it was sold; its values may predate the options
    const matches =
      v.values.length === options.length && v.values.every((value, k) => options[k]!.values.includes(value));
    if (!matches) issue(["variants", i, "values"], "Choose one value of each option");
    else if (combos.has(JSON.stringify(v.values)))
      issue(["variants", i, "values"], "Another variant has the same values");
    combos.add(JSON.stringify(v.values));
    if (v.compareAt !== null && v.price !== null && v.compareAt <= v.price) {
      issue(["variants", i, "compareAt"], "Compare-at price must be above the price");
    }
  });
}

export const variantsInputSchema = z.object(variantsShape).superRefine(variantRules);
export type VariantsInput = z.output<typeof variantsInputSchema>;

const refused = (fieldErrors: Record<string, string[]>) =>
  new InvalidInputError(
    { title: "Failed to save product", description: "Check the highlighted fields." },
    fieldErrors,
  );

/** A variant as the editor shows it, archived ones included. */
export type AdminVariant = typeof productVariants.$inferSelect;

export async function loadAdminVariants(db: Db, productId: string) {
  const [options, variants] = await Promise.all([
    loadProductOptions(db, productId),
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.createdAt)),
  ]);
  return { options, variants };
}

/**
 * Saves the options and variants of `product` (inside a transaction). Throws InvalidInputError
 * with field errors keyed "variants.<row>.<field>" for what only the database can tell: a SKU
 * used by another product, or a variant id that is not this product's.
 */
export async function saveProductVariants(
  tx: Tx,
  product: { id: string; slug: string; name: string },
  input: VariantsInput,
) {
  const rows = input.variants.map((v) => ({
    ...v,
    sku: v.sku || defaultSku(product.slug, variantTitle(v.values)),
  }));
  const current = await tx
    .select({ id: productVariants.id, archivedAt: productVariants.archivedAt })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  const mine = new Map(current.map((v) => [v.id, v]));
  const foreign = rows.findIndex((v) => v.id && !mine.has(v.id));
  if (foreign >= 0)
    throw refused({ [`variants.${foreign}.id`]: ["This variant belongs to another product"] });

  const kept = rows.flatMap((v) => (v.id ? [v.id] : []));
  await removeVariants(tx, product.id, kept);
  await checkSkus(tx, kept, rows);

  // Every kept row takes a placeholder SKU first, so two rows may swap SKUs in one save.
  if (kept.length > 0) {
    await tx
      .update(productVariants)
      .set({ sku: sql`'~' || ${productVariants.id}::text` })
      .where(inArray(productVariants.id, kept));
  }
  for (const [position, row] of rows.entries()) {
    await upsertRow(tx, product.id, row, position, mine.get(row.id)?.archivedAt ?? null);
  }
  await tx.delete(productOptions).where(eq(productOptions.productId, product.id));
  await tx.insert(productOptions).values(
    input.options.map((o, position) => ({
      productId: product.id,
      name: o.name,
      position,
      values: o.values,
    })),
  );
  await syncProductSummary(tx, [product.id]);
}

async function upsertRow(
  tx: Tx,
  productId: string,
  row: VariantRowInput,
  position: number,
  archivedAt: Date | null,
) {
  const fields = {
    sku: row.sku,
    title: variantTitle(row.values),
    optionValues: row.values,
    priceCents: row.price!,
    compareAtCents: row.compareAt,
    weightGrams: row.weightGrams,
    imageUrl: row.imageUrl || null,
    soldOut: row.soldOut,
    gtin: row.gtin || null,
    mpn: row.mpn || null,
    lowStockThreshold: row.lowStock,
    position,
    // Archiving happens on removal only; a posted archived row stays archived until restored.
    archivedAt: row.archived ? (archivedAt ?? new Date()) : null,
  };
  let variantId = row.id;
  if (row.id) {
    await tx
      .update(productVariants)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId)));
  } else {
    const [inserted] = await tx
      .insert(productVariants)
      .values({ ...fields, productId })
      .returning({ id: productVariants.id });
    variantId = inserted!.id;
  }
  await saveVariantStock(tx, variantId, { typed: row.stock, shown: row.id ? row.stockShown : null });
}

/**
 * The product's variants missing from the form: archived when any order item points at one (past
 * orders and their reports keep it), deleted otherwise. Archived ones already gone stay archived.
 */
async function removeVariants(tx: Tx, productId: string, kept: string[]) {
  const gone = and(
    eq(productVariants.productId, productId),
    kept.length > 0 ? notInArray(productVariants.id, kept) : undefined,
  );
  const ordered = sql`exists (select 1 from ${orderItems} where ${orderItems.variantId} = ${productVariants.id})`;
  // Newly archived rows go after the kept ones (the editor lists them last).
  await tx
    .update(productVariants)
    .set({ archivedAt: new Date(), position: sql`${kept.length} + ${productVariants.position}` })
    .where(and(gone, ordered, isNull(productVariants.archivedAt)));
  await tx.delete(productVariants).where(and(gone, sql`not ${ordered}`));
}

/**
 * A SKU held by a variant not on this form: another product's, or one of this product's just
 * archived (archived variants keep their SKU: it is unique for good, past orders name it).
 */
async function checkSkus(tx: Tx, kept: string[], rows: { sku: string }[]) {
  const wanted = rows.map((r) => r.sku);
  const taken = await tx
    .select({ sku: productVariants.sku, product: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.sku, wanted),
        kept.length > 0 ? notInArray(productVariants.id, kept) : undefined,
      ),
    );
  const seen = new Map<string, number>();
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    const other = taken.find((t) => t.sku === row.sku);
    if (other) errors[`variants.${i}.sku`] = [`SKU ${row.sku} is already used by ${other.product}`];
    else if (seen.has(row.sku)) errors[`variants.${i}.sku`] = [`SKU ${row.sku} is used by two variants`];
    seen.set(row.sku, i);
  });
  if (Object.keys(errors).length > 0) throw refused(errors);
}

/** A unique-SKU clash the check could not see (another save committed in between). */
export function isSkuClash(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    const named = constraint ?? e.message;
    if (code === "23505" && named.includes("product_variants_sku_unique")) return true;
  }
  return false;
}

export const skuClash = () =>
  new InvalidInputError({
    title: "Failed to save product",
    description: "A SKU was just taken by another product. Save again to see which.",
  });
