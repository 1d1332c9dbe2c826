import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../core/seo-limits.ts";
import { slugify, uniqueSlug } from "../content/slug.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { productOptions, products, productVariants, weightType } from "../db/schema/index.ts";
import { quantityTiersInput } from "./quantity-tiers.ts";
import { createSingleVariant, syncProductSummary } from "./variants.ts";

/** Blank entries are dropped on save. */
const list = z.array(z.string().trim().max(500)).transform((items) => items.filter(Boolean));

/** A stored upload (/uploads/…) or an absolute http(s) URL; never javascript: or data:. */
const imageUrl = z
  .string()
  .trim()
  .max(1000)
  .refine(
    (v) => v === "" || /^\/[^/]/.test(v) || /^https?:\/\//i.test(v),
    "Enter a URL starting with / or https://",
  );

/** The admin product form, as submitted (price in dollars, lists as repeated fields). */
export const productInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  slug: z.string().trim().max(200).default(""),
  description: z.string().trim().max(20_000).default(""),
  price: z
    .string()
    .trim()
    .min(1, { error: "Price is required", abort: true })
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), "Price must be a positive amount in steps of 0.01")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((cents) => cents <= 100_000_000, "Price is too large"),
  imageUrl: imageUrl.default(""),
  imageUrls: z.array(imageUrl).transform((items) => items.filter(Boolean)),
  weightType: z.enum(weightType.enumValues, "Choose 30ml or 30g").default("30ml"),
  soldOut: z.boolean().default(false),
  featured: z.boolean().default(false),
  tags: list,
  initialViewCount: z.coerce
    .number("Initial view count must be a number")
    .int("Initial view count must be a whole number")
    .min(0, "Initial view count cannot be negative")
    .max(1_000_000_000)
    .default(0),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `SEO title must be at most ${SEO_TITLE_MAX} characters`),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, `SEO description must be at most ${SEO_DESCRIPTION_MAX} characters`),
  seoKeywords: list,
  quantityTiers: quantityTiersInput,
});

export type ProductInput = z.output<typeof productInputSchema>;
export type AdminProduct = typeof products.$inferSelect;

export function listAdminProducts(db: Db): Promise<AdminProduct[]> {
  return db.select().from(products).orderBy(desc(products.createdAt));
}

export async function getAdminProduct(db: Db, id: string): Promise<AdminProduct | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** A new product; its slug comes from the given slug or the name, made unique. */
export async function createAdminProduct(db: Db, input: ProductInput): Promise<AdminProduct> {
  const { price, slug, ...fields } = input;
  const [row] = await db
    .insert(products)
    .values({
      ...fields,
      ...nullableFields(input),
      slug: await uniqueSlug(db, products, slugify(slug || input.name)),
      priceCents: price,
      viewCount: input.initialViewCount,
    })
    .returning();
  await createSingleVariant(db, row!);
  return row!;
}

/**
 * Saves the form over an existing product. The slug stays as it is unless a different one is
 * given explicitly (renaming a product must not break its links); the view count is kept.
 */
export async function updateAdminProduct(
  db: Db,
  id: string,
  input: ProductInput,
): Promise<AdminProduct | null> {
  const current = await getAdminProduct(db, id);
  if (!current) return null;
  const { price, slug, ...fields } = input;
  const wanted = slugify(slug);
  const nextSlug =
    wanted && wanted !== current.slug
      ? await uniqueSlug(db, products, wanted, { exceptId: id })
      : current.slug;
  const [row] = await db
    .update(products)
    .set({ ...fields, ...nullableFields(input), slug: nextSlug, priceCents: price })
    .where(eq(products.id, id))
    .returning();
  if (row) await updateSingleVariant(db, row);
  return row ?? null;
}

export async function deleteAdminProduct(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

function nullableFields(input: ProductInput) {
  return {
    imageUrl: input.imageUrl || null,
    seoTitle: input.seoTitle || null,
    seoDescription: input.seoDescription || null,
  };
}

/**
 * The simple product form edits a one-variant product: its price, weight and sold-out flag are
 * the variant's. A product with several variants keeps them as they are.
 */
async function updateSingleVariant(db: Db, product: AdminProduct) {
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  if (variants.length !== 1) return;
  await db
    .update(productVariants)
    .set({
      title: product.weightType,
      optionValues: [product.weightType],
      priceCents: product.priceCents,
      soldOut: product.soldOut,
    })
    .where(eq(productVariants.id, variants[0]!.id));
  await db
    .update(productOptions)
    .set({ values: [product.weightType] })
    .where(eq(productOptions.productId, product.id));
  await syncProductSummary(db, [product.id]);
}
