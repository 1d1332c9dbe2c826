import { and, eq, ne } from "drizzle-orm";
import { isSlugLike, slugify } from "../../../core/text/slug.ts";
import { createSingleVariant } from "../../catalog/variants.ts";
import type { Db } from "../../db/client.ts";
import { syncProductSummary } from "../../db/product-summary.ts";
import { products, productVariants, productViews } from "../../db/schema/index.ts";
import { uniqueSlug } from "../../db/unique-slug.ts";
import { type ImportContext, importTable, RowRefused } from "./context.ts";
import { importedId, newIdFor, rememberImport } from "./ids.ts";
import type { LegacyRow } from "./source.ts";
import { toBoolean, toDate, toHundredths, toInteger, toText, toTextList } from "./values.ts";

/**
 * Products: the old weight_type (30ml / 30g, null = 30ml) becomes the Size option and its one
 * variant, as for every product made before variants (decision 029). The slug is kept when it is
 * a valid slug, so /product/{slug} and /products/{slug} keep working; the id too (old id links).
 */
export function importProducts(ctx: ImportContext) {
  return importTable(ctx, "public", "products", (db, row, oldId) => importProduct(ctx, db, row, oldId));
}

async function importProduct(ctx: ImportContext, db: Db, row: LegacyRow, oldId: string) {
  const name = toText(row.name);
  if (!name) throw new RowRefused("no name");
  const priceCents = toHundredths(row.price);
  if (priceCents === null || priceCents < 0)
    throw new RowRefused(`price is not an amount: ${String(row.price)}`);
  const weightType = toText(row.weight_type) === "30g" ? "30g" : "30ml";
  const existingId = await importedId(db, "products", oldId);
  const id = existingId ?? newIdFor("products", oldId);
  const slug = await slugFor(ctx, db, row, name, id);
  const images: string[] = [];
  for (const url of [toText(row.image_url), ...toTextList(row.image_urls)]) {
    const kept = await ctx.media.url(db, url);
    if (kept && !images.includes(kept)) images.push(kept);
  }
  const viewCount = Math.max(0, toInteger(row.view_count, 0));
  const fields = {
    name,
    slug,
    description: toText(row.description) ?? "",
    weightType,
    imageUrl: images[0] ?? null,
    imageUrls: images,
    tags: toTextList(row.tags),
    seoTitle: toText(row.seo_title),
    seoDescription: toText(row.seo_description),
    seoKeywords: toTextList(row.seo_keywords),
    initialViewCount: Math.max(0, toInteger(row.initial_view_count, viewCount)),
    viewCount,
  } as const;
  const soldOut = toBoolean(row.sold_out, false);

  if (existingId) {
    await db.update(products).set(fields).where(eq(products.id, id));
    // The one imported variant follows the old row's price and sold-out flag.
    await db
      .update(productVariants)
      .set({ priceCents, soldOut, title: weightType, optionValues: [weightType] })
      .where(and(eq(productVariants.productId, id), eq(productVariants.position, 0)));
    await syncProductSummary(db, [id]);
    return "updated";
  }
  await db
    .insert(products)
    .values({ id, ...fields, priceCents, soldOut, createdAt: toDate(row.created_at) ?? ctx.now });
  await createSingleVariant(db, { id, slug, priceCents, weightType, soldOut });
  await rememberImport(db, "products", oldId, id);
  return "imported";
}

/** The old slug when it is one; otherwise (or when another product has it) a new one, noted. */
async function slugFor(ctx: ImportContext, db: Db, row: LegacyRow, name: string, id: string) {
  const old = toText(row.slug);
  const wanted = old && isSlugLike(old) ? old : slugify(old ?? name);
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, wanted), ne(products.id, id)));
  if (!taken && wanted === old) return wanted;
  const slug = await uniqueSlug(db, products, wanted, { exceptId: id });
  ctx.report.note(`product "${name}": slug "${old ?? ""}" became "${slug}" (links by its id still redirect)`);
  return slug;
}

/**
 * product_views, all in one transaction (a shop has many): each keeps its old id, so a second run
 * adds none twice; views of products that were not imported are skipped.
 */
export async function importProductViews(ctx: ImportContext) {
  const rows = await ctx.source.rows("public", "product_views");
  if (!rows) return void ctx.report.missing.push("product_views");
  const counts = ctx.report.table("product_views");
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    for await (const row of rows) {
      counts.read++;
      // The spec names only product_id: without an id column a view is known by product and time.
      const oldId =
        toText(row.id) ??
        (row.product_id && row.created_at
          ? `${row.product_id}@${toDate(row.created_at)?.toISOString()}`
          : "");
      const productId = await importedId(db, "products", toText(row.product_id) ?? "");
      if (!oldId || !productId) {
        ctx.report.skip("product_views", oldId, oldId ? "its product was not imported" : "the row has no id");
        continue;
      }
      const inserted = await db
        .insert(productViews)
        .values({
          id: newIdFor("product_views", oldId),
          productId,
          createdAt: toDate(row.created_at) ?? ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: productViews.id });
      if (inserted.length) counts.imported++;
      else counts.updated++;
    }
  });
}
