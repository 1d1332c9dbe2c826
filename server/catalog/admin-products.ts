import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../core/text/seo-limits.ts";
import { slugify } from "../../core/text/slug.ts";
import { diffFields } from "../audit/diff.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { products, weightType } from "../db/schema/index.ts";
import { uniqueSlug } from "../db/unique-slug.ts";
import { ForbiddenError } from "../errors.ts";
import { isSkuClash, saveProductVariants, skuClash, variantRules, variantsShape } from "./admin-variants.ts";
import { productSnapshot } from "./audit-snapshot.ts";
import { quantityTiersInput } from "./quantity-tiers.ts";
import { PRODUCT_STATUSES } from "./status.ts";

type WeightType = (typeof weightType.enumValues)[number];

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

/** "2026-12-01T09:00" (the form's datetime-local, read as UTC) or a full ISO time; blank: none. */
const publishAtInput = z
  .string()
  .trim()
  .max(40)
  .default("")
  .transform((v, ctx) => {
    if (!v) return null;
    const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter a date and time to publish at" });
      return z.NEVER;
    }
    return at;
  });

/**
 * The admin product form, as submitted (lists as repeated fields). Price, weight and sold-out
 * are the variants' (admin-variants.ts); the product row keeps their summary.
 */
export const productInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
    slug: z.string().trim().max(200).default(""),
    description: z.string().trim().max(20_000).default(""),
    imageUrl: imageUrl.default(""),
    imageUrls: z
      .array(imageUrl)
      .max(50)
      .transform((items) => items.filter(Boolean)),
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
    status: z.enum(PRODUCT_STATUSES, "Choose Draft, Active or Archived").default("active"),
    publishAt: publishAtInput,
    ...variantsShape,
  })
  .superRefine(variantRules)
  // A publish time belongs to a draft only: an active or archived product drops it.
  .transform((input) => (input.status === "draft" ? input : { ...input, publishAt: null }));

export type ProductInput = z.output<typeof productInputSchema>;
export type AdminProduct = typeof products.$inferSelect;
/**
 * A row of the admin list: the product with how many live variants it sells, the units in
 * stock over its tracked live variants (null when none is tracked: "Not tracked") and the units
 * unpaid checkouts hold now ("N in other shoppers' carts", decision 051).
 */
export type AdminProductRow = AdminProduct & {
  variantCount: number;
  stockTotal: number | null;
  held: number;
};

export function listAdminProducts(db: Db): Promise<AdminProductRow[]> {
  // Plain SQL: drizzle would print products.id unqualified in a one-table select.
  const variantCount = sql<number>`(select count(*)::int from product_variants v where v.product_id = products.id and v.archived_at is null)`;
  const stockTotal = sql<
    number | null
  >`(select sum(v.stock_quantity)::int from product_variants v where v.product_id = products.id and v.archived_at is null)`;
  const held = sql<number>`(select coalesce(sum(r.quantity), 0)::int from stock_reservations r
    join product_variants v on v.id = r.variant_id where v.product_id = products.id and r.expires_at > now())`;
  return db
    .select({ ...getTableColumns(products), variantCount, stockTotal, held })
    .from(products)
    .orderBy(desc(products.createdAt));
}

export async function getAdminProduct(db: Db, id: string): Promise<AdminProduct | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** A new product with its options and variants; its slug comes from the given slug or the name, made unique. */
export function createAdminProduct(db: Db, input: ProductInput): Promise<AdminProduct> {
  return inTransaction(db, async (tx) => {
    const { slug, options, variants, ...fields } = input;
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        ...productFields(input),
        slug: await uniqueSlug(tx, products, slugify(slug || input.name)),
        // The summary columns are set from the variants below.
        priceCents: 0,
        viewCount: input.initialViewCount,
      })
      .returning();
    await saveProductVariants(tx, row!, input);
    await recordProductChange(tx, row!.id, "create", null);
    return (await getAdminProduct(tx, row!.id))!;
  });
}

/**
 * Saves the form over an existing product. The slug stays as it is unless a different one is
 * given explicitly (renaming a product must not break its links); the view count is kept.
 */
export function updateAdminProduct(
  db: Db,
  id: string,
  input: ProductInput,
  scope: ProductScope = "all",
): Promise<AdminProduct | null> {
  return inTransaction(db, async (tx) => {
    const current = await getAdminProduct(tx, id);
    if (!current) return null;
    const before = await productSnapshot(tx, id);
    const { slug, options, variants, ...fields } = input;
    const wanted = slugify(slug);
    const nextSlug =
      wanted && wanted !== current.slug
        ? await uniqueSlug(tx, products, wanted, { exceptId: id })
        : current.slug;
    const [row] = await tx
      .update(products)
      .set({ ...fields, ...productFields(input, current.weightType), slug: nextSlug })
      .where(eq(products.id, id))
      .returning();
    await saveProductVariants(tx, row!, input);
    await recordProductChange(tx, id, "update", before, scope);
    return getAdminProduct(tx, id);
  });
}

/** One transaction; a SKU taken by a concurrent save is the same refusal as one seen by the check. */
async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isSkuClash(error)) throw skuClash();
    throw error;
  }
}

/**
 * Deletes a product with its options and variants. Past orders keep their items: order_items
 * hold a snapshot (name, variant title, SKU, price) and their product/variant ids become null.
 */
export async function deleteAdminProduct(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const before = await productSnapshot(tx, id);
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) return false;
    await recordChange(tx, {
      entityType: "product",
      entityId: id,
      entityLabel: String(before?.name ?? ""),
      action: "delete",
      before,
      after: null,
    });
    return true;
  });
}

/**
 * What a save may change: everything, or only the product's text and images (the Content role,
 * core/staff/roles.ts "edit:product-text"): its name, description, SEO fields and pictures.
 */
export type ProductScope = "all" | "text";
const TEXT_FIELDS = new Set([
  "name",
  "description",
  "imageUrl",
  "imageUrls",
  "seoTitle",
  "seoDescription",
  "seoKeywords",
]);

/**
 * A text-only save that would change anything else (a price, stock, the status, a variant, an
 * option, the slug) is refused whole: thrown inside the save's transaction, nothing of it stays.
 * Checked on the saved result, so no field the form may grow later slips through.
 */
function refuseBeyondText(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const beyond = Object.keys(diffFields(before, after)).filter((key) => !TEXT_FIELDS.has(key));
  if (beyond.length === 0) return;
  throw new ForbiddenError({
    title: "Not allowed for your role",
    description: `Your role may change a product's text and images only, not: ${beyond.join(", ")}.`,
  });
}

/** The audit entry of a save: the product and its variants before → after (server/audit/). */
async function recordProductChange(
  tx: Tx,
  id: string,
  action: "create" | "update",
  before: Record<string, unknown> | null,
  scope: ProductScope = "all",
) {
  const after = await productSnapshot(tx, id);
  if (scope === "text") refuseBeyondText(before, after);
  await recordChange(tx, {
    entityType: "product",
    entityId: id,
    entityLabel: String(after?.name ?? ""),
    action,
    before,
    after,
  });
}

/**
 * The nullable texts, and the legacy weight_type: the storefront cards still print it, so it
 * follows the first option's first value while that is one of its two values (30ml / 30g).
 */
function productFields(input: ProductInput, currentWeight: WeightType = "30ml") {
  const first = input.options[0]?.values[0];
  const weight = weightType.enumValues.find((w) => w === first) ?? currentWeight;
  return {
    imageUrl: input.imageUrl || null,
    seoTitle: input.seoTitle || null,
    seoDescription: input.seoDescription || null,
    weightType: weight,
  };
}
