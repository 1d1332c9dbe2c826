import { asc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { imageUrlField, orNull } from "../../core/forms/admin-fields.ts";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../core/text/seo-limits.ts";
import { slugify } from "../../core/text/slug.ts";
import { recordChange } from "../audit/record.ts";
import { deleteTracked, type Tracked } from "../audit/tracked.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { collectionProducts, collections, products } from "../db/schema/index.ts";
import { uniqueSlug } from "../db/unique-slug.ts";

/** More products than this in one collection is a mistake (or an attack), not a collection. */
export const MAX_COLLECTION_PRODUCTS = 500;

/** The admin collection form; `productIds` are the chosen products in the collection's order. */
export const collectionInputSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  slug: z.string().trim().max(200, "Slug must be at most 200 characters"),
  description: z.string().trim().max(5000, "Description must be at most 5000 characters"),
  imageUrl: imageUrlField,
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `SEO title must be at most ${SEO_TITLE_MAX} characters`),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, `SEO description must be at most ${SEO_DESCRIPTION_MAX} characters`),
  published: z.boolean(),
  productIds: z
    .array(z.string().refine(isUuid, "Choose products from the list"))
    .max(MAX_COLLECTION_PRODUCTS, `A collection can hold at most ${MAX_COLLECTION_PRODUCTS} products`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type CollectionInput = z.output<typeof collectionInputSchema>;

export type AdminCollection = typeof collections.$inferSelect & { productIds: string[] };
export type ProductChoice = { id: string; name: string; tags: string[] };

/** Every collection in the back office's order, each with its products' ids in order. */
export async function listAdminCollections(db: Db): Promise<AdminCollection[]> {
  const [rows, members] = await Promise.all([
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
    db
      .select({ collectionId: collectionProducts.collectionId, productId: collectionProducts.productId })
      .from(collectionProducts)
      .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId)),
  ]);
  return rows.map((row) => ({
    ...row,
    productIds: members.filter((m) => m.collectionId === row.id).map((m) => m.productId),
  }));
}

/** The products the form offers, by name. */
export function listProductChoices(db: Db): Promise<ProductChoice[]> {
  return db
    .select({ id: products.id, name: products.name, tags: products.tags })
    .from(products)
    .orderBy(asc(products.name), asc(products.id));
}

function columns(input: CollectionInput) {
  const { productIds: _ids, slug: _slug, ...fields } = input;
  return {
    ...fields,
    imageUrl: orNull(input.imageUrl),
    seoTitle: orNull(input.seoTitle),
    seoDescription: orNull(input.seoDescription),
  };
}

/** A new collection, last in the order; its slug from the given one or the name, made unique. */
export async function createAdminCollection(db: Db, input: CollectionInput) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(collections.position) }).from(collections);
    const [row] = await tx
      .insert(collections)
      .values({
        ...columns(input),
        slug: await uniqueSlug(tx, collections, slugify(input.slug || input.name)),
        position: (last?.position ?? -1) + 1,
      })
      .returning();
    await replaceProducts(tx, row!.id, input.productIds);
    await recordCollection(tx, row!.id, "create", null);
    return row!;
  });
}

/**
 * Saves the form over a collection; null when it no longer exists. As for products, the slug
 * changes only when a different one is typed (renaming must not break links).
 */
export async function updateAdminCollection(db: Db, id: string, input: CollectionInput) {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(collections).where(eq(collections.id, id)).for("update");
    if (!current) return null;
    const before = await collectionSnapshot(tx, id);
    const wanted = slugify(input.slug);
    const slug =
      wanted && wanted !== current.slug
        ? await uniqueSlug(tx, collections, wanted, { exceptId: id })
        : current.slug;
    const [row] = await tx
      .update(collections)
      .set({ ...columns(input), slug })
      .where(eq(collections.id, id))
      .returning();
    await replaceProducts(tx, id, input.productIds);
    await recordCollection(tx, id, "update", before);
    return row ?? null;
  });
}

/** The collection's products become `productIds`, in that order; ids of deleted products are skipped. */
async function replaceProducts(db: Db, collectionId: string, productIds: string[]) {
  await db.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (productIds.length === 0) return;
  const existing = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds));
  const live = new Set(existing.map((p) => p.id));
  const rows = productIds
    .filter((id) => live.has(id))
    .map((productId, position) => ({ collectionId, productId, position }));
  if (rows.length > 0) await db.insert(collectionProducts).values(rows);
}

export async function deleteAdminCollection(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, collections, id, trackedCollection);
}

/**
 * Swaps a collection with its neighbour before ("up") or after ("down") it. False when it does
 * not exist; true (nothing to do) when it is already first or last.
 */
export async function moveAdminCollection(db: Db, id: string, direction: "up" | "down"): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    // Positions are renumbered 0…n-1 first, so ties (or gaps) from old rows never block a move.
    const rows = await tx
      .select({ id: collections.id, position: collections.position })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.id))
      .for("update");
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) return false;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return true;
    [rows[from], rows[to]] = [rows[to]!, rows[from]!];
    await recordChange(tx, {
      entityType: "collection",
      entityId: id,
      action: "move",
      before: { position: from },
      after: { position: to },
    });
    for (const [position, row] of rows.entries()) {
      if (row.position !== position)
        await tx.update(collections).set({ position }).where(eq(collections.id, row.id));
    }
    return true;
  });
}

const trackedCollection: Tracked<typeof collections> = { entityType: "collection", label: (c) => c.name };

/** A collection as the audit log compares it: its fields and its products' ids in order. */
async function collectionSnapshot(tx: Tx, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id));
  if (!row) return null;
  const members = await tx
    .select({ productId: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position));
  const { position: _p, ...fields } = row;
  return { ...fields, productIds: members.map((m) => m.productId) };
}

async function recordCollection(
  tx: Tx,
  id: string,
  action: "create" | "update",
  before: Record<string, unknown> | null,
) {
  const after = await collectionSnapshot(tx, id);
  await recordChange(tx, {
    entityType: "collection",
    entityId: id,
    entityLabel: String(after?.name ?? ""),
    action,
    before,
    after,
  });
}
