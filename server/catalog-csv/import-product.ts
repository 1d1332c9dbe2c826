import { eq, inArray, sql } from "drizzle-orm";
import { slugify } from "../../core/text/slug.ts";
import { createAdminProduct, productInputSchema, updateAdminProduct } from "../catalog/admin-products.ts";
import { loadAdminVariants } from "../catalog/admin-variants.ts";
import type { Db } from "../db/client.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import type { ProductDraft, VariantDraft } from "./draft.ts";

type Product = typeof products.$inferSelect;
export type Outcome = { kind: "created" | "updated"; id?: string } | { kind: "refused"; reason: string };

/**
 * One product of the file: found by handle (our slug) or else by one of its SKUs, checked with the
 * product form's own rules, and — when `apply` — saved through the form's save (one transaction).
 * Fields the file does not carry (featured, volume pricing, MPN, low-stock threshold…) stay as they are.
 */
export async function importProduct(
  db: Db,
  draft: ProductDraft,
  options: { apply: boolean; fileSkus: Map<string, string> },
): Promise<Outcome> {
  if (draft.refusal) return refused(draft.refusal);
  const comma = draft.options.flatMap((o) => o.values).find((value) => value.includes(","));
  if (comma) return refused(`option value "${comma}" holds a comma, which option values here cannot`);
  const clash = draft.variants.find((v) => {
    const owner = v.sku && options.fileSkus.get(v.sku.toUpperCase());
    return owner && owner !== draft.handle;
  });
  if (clash)
    return refused(
      `SKU ${clash.sku} is also on product ${options.fileSkus.get(clash.sku.toUpperCase())} earlier in the file`,
    );
  const outcome = await checkAndSave(db, draft, options.apply);
  // Only a product that is (or would be) saved holds its SKUs against later rows of the file.
  if (outcome.kind !== "refused")
    for (const v of draft.variants) if (v.sku) options.fileSkus.set(v.sku.toUpperCase(), draft.handle);
  return outcome;
}

async function checkAndSave(db: Db, draft: ProductDraft, apply: boolean): Promise<Outcome> {
  const match = await findExisting(db, draft);
  if ("reason" in match) return refused(match.reason);
  const current = match.product;
  const parsed = productInputSchema.safeParse(await formValues(db, draft, current));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refused(describeIssue(draft, issue.path, issue.message));
  }
  if (!apply) return { kind: current ? "updated" : "created" };
  try {
    const saved = current
      ? await updateAdminProduct(db, current.id, parsed.data)
      : await createAdminProduct(db, parsed.data);
    return { kind: current ? "updated" : "created", id: saved?.id };
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const [path, messages] = Object.entries(error.fieldErrors)[0] ?? [];
    return refused(
      path
        ? describeIssue(draft, path.split("."), messages?.[0] ?? "")
        : (error.userMessage.description ?? error.userMessage.title),
    );
  }
}

const refused = (reason: string): Outcome => ({ kind: "refused", reason });

/** The product with this handle, or else the one holding the file's SKUs; refused when they disagree. */
async function findExisting(
  db: Db,
  draft: ProductDraft,
): Promise<{ product: Product | null } | { reason: string }> {
  const slug = slugify(draft.handle);
  const [byHandle] = slug ? await db.select().from(products).where(eq(products.slug, slug)) : [];
  const skus = draft.variants.map((v) => v.sku.toUpperCase()).filter(Boolean);
  const owners = skus.length
    ? await db
        .selectDistinct({ productId: productVariants.productId, sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(sql`upper(${productVariants.sku})`, skus))
    : [];
  const other = owners.find((o) => o.productId !== (byHandle?.id ?? owners[0]!.productId));
  if (other) return { reason: `SKU ${other.sku} belongs to another product of this shop` };
  if (byHandle || owners.length === 0) return { product: byHandle ?? null };
  const [bySku] = await db.select().from(products).where(eq(products.id, owners[0]!.productId));
  return { product: bySku ?? null };
}

/** The product form as the file fills it; what the file does not say is the product's current value. */
async function formValues(db: Db, draft: ProductDraft, current: Product | null) {
  const existing = current ? (await loadAdminVariants(db, current.id)).variants : [];
  const bySku = new Map(existing.map((v) => [v.sku.toUpperCase(), v]));
  return {
    name: draft.name,
    // A product found by SKU keeps its slug: its links stay as they are.
    slug: current && current.slug !== slugify(draft.handle) ? current.slug : draft.handle,
    description: draft.description,
    imageUrl: draft.images[0] ?? "",
    imageUrls: draft.images,
    featured: current?.featured ?? false,
    tags: draft.tags,
    initialViewCount: String(current?.initialViewCount ?? 0),
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    seoKeywords: current?.seoKeywords ?? [],
    // Draft and archived products stay off the storefront (server/catalog/status.ts).
    status: draft.status,
    publishAt: draft.status === "draft" ? (current?.publishAt?.toISOString() ?? "") : "",
    quantityTiers: (current?.quantityTiers ?? []).map((t) => ({
      minQuantity: String(t.minQuantity),
      percentOff: String(t.percentOff),
    })),
    options: draft.options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
    variants: draft.variants.map((v) => variantValues(v, v.sku ? bySku.get(v.sku.toUpperCase()) : undefined)),
  };
}

function variantValues(
  v: VariantDraft,
  current: Awaited<ReturnType<typeof loadAdminVariants>>["variants"][number] | undefined,
) {
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    id: current?.id ?? "",
    values: v.values,
    sku: v.sku,
    price: v.price,
    compareAt: v.compareAt,
    weightGrams: v.grams,
    // A barcode that is not a GTIN (8–14 digits) is not kept: the field holds GTINs for the Google feed.
    gtin: /^\d{8,14}$/.test(v.barcode) ? v.barcode : "",
    mpn: current?.mpn ?? "",
    imageUrl: v.imageUrl,
    // Shopify allows overselling into negative counts; here stock is never below zero.
    stock: /^-\d+$/.test(v.stock) ? "0" : v.stock,
    // The form applies typed − shown to today's count: shown = today's count sets the file's number.
    stockShown: count(current?.stockQuantity),
    lowStock: count(current?.lowStockThreshold),
    soldOut: v.soldOut || (current?.soldOut ?? false),
    archived: false,
  };
}

/** "variants.2.price: Price must be…" → "row 14 (variant M): Price must be…". */
function describeIssue(draft: ProductDraft, path: PropertyKey[], message: string): string {
  if (path[0] === "variants" && typeof path[1] === "number") {
    const variant = draft.variants[path[1]];
    if (variant) return `row ${variant.row} (${variant.values.join(" / ") || variant.sku}): ${message}`;
  }
  if (path[0] === "options" && typeof path[1] === "number")
    return `option ${draft.options[path[1]]?.name ?? ""}: ${message}`;
  return message;
}
