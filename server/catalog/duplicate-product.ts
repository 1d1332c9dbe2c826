import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { slugify } from "../../core/text/slug.ts";
import { recordChange } from "../audit/record.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { syncProductSummary } from "../db/product-summary.ts";
import { productOptions, products, productVariants } from "../db/schema/index.ts";
import { uniqueSlug } from "../db/unique-slug.ts";
import { productSnapshot } from "./audit-snapshot.ts";

/** How a copy's SKUs end: "SHJ-30G" → "SHJ-30G-COPY", then "-COPY-2"… while taken. */
const COPY_SUFFIX = "-COPY";

/**
 * A copy of a product as a draft: its texts, images (the same URLs: files are shared, never
 * copied), tags, tiers, options and live variants with new unique SKUs and a new unique slug.
 * Not copied: stock (a tracked variant starts at 0 units), serials and batches, reviews, views,
 * collections, publish time. Null for an unknown id.
 */
export function duplicateProduct(db: Db, id: string): Promise<{ id: string; slug: string } | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(products).where(eq(products.id, id));
    if (!source) return null;
    const {
      id: _id,
      slug,
      name,
      createdAt: _c,
      updatedAt: _u,
      viewCount: _v,
      initialViewCount: _i,
      publishAt: _p,
      status: _s,
      ...fields
    } = source;
    const [copy] = await tx
      .insert(products)
      .values({
        ...fields,
        name: `${name} (copy)`.slice(0, 200),
        slug: await uniqueSlug(tx, products, slugify(`${slug}-copy`)),
        status: "draft",
        featured: false,
      })
      .returning({ id: products.id, slug: products.slug });
    await copyOptions(tx, id, copy!.id);
    await copyVariants(tx, id, copy!.id);
    await syncProductSummary(tx, [copy!.id]);
    await recordCopy(tx, copy!.id, source);
    return copy!;
  });
}

async function copyOptions(tx: Tx, fromId: string, toId: string) {
  const options = await tx.select().from(productOptions).where(eq(productOptions.productId, fromId));
  if (options.length === 0) return;
  await tx
    .insert(productOptions)
    .values(options.map(({ id: _id, productId: _p, ...o }) => ({ ...o, productId: toId })));
}

async function copyVariants(tx: Tx, fromId: string, toId: string) {
  const variants = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, fromId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  for (const { id: _id, createdAt: _c, updatedAt: _u, archivedAt: _a, ...v } of variants) {
    await tx.insert(productVariants).values({
      ...v,
      productId: toId,
      sku: await freeSku(tx, `${v.sku}${COPY_SUFFIX}`),
      stockQuantity: v.stockQuantity === null ? null : 0,
    });
  }
}

/** `base` or the first `base-N` no variant uses, in any case (SKUs are unique by upper(sku)). */
async function freeSku(tx: Tx, base: string): Promise<string> {
  const rows = await tx
    .select({ sku: sql<string>`upper(${productVariants.sku})` })
    .from(productVariants)
    .where(
      sql`upper(${productVariants.sku}) like ${`${base.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  const taken = new Set(rows.map((r) => r.sku));
  if (!taken.has(base.toUpperCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toUpperCase())) return `${base}-${n}`;
}

/** The copy's entry: created, with all its fields, and which product it was copied from. */
async function recordCopy(tx: Tx, copyId: string, source: { id: string; name: string }) {
  const after = await productSnapshot(tx, copyId);
  await recordChange(tx, {
    entityType: "product",
    entityId: copyId,
    entityLabel: String(after?.name ?? ""),
    action: "duplicate",
    before: null,
    after,
    details: { copiedFrom: `${source.name} (${source.id})` },
  });
}
