import { eq } from "drizzle-orm";
import { normalizeListCode } from "../../core/catalog/serial-code.ts";
import { slugify } from "../../core/text/slug.ts";
import { createSingleVariant } from "../../server/catalog/variants.ts";
import type { Db } from "../../server/db/client.ts";
import { syncProductSummary } from "../../server/db/product-summary.ts";
import {
  collectionProducts,
  collections,
  products,
  productVariants,
  validityCodes,
} from "../../server/db/schema/index.ts";
import { uniqueSuffix } from "./unique.ts";

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ValidityCode = typeof validityCodes.$inferSelect;

/**
 * A product with believable defaults and one variant (option Size = its weight, its price and
 * sold-out flag), as every product made before variants; `image_url` follows the first of
 * `imageUrls` unless given.
 */
export async function createProduct(db: Db, overrides: Partial<NewProduct> = {}): Promise<Product> {
  const suffix = uniqueSuffix();
  const name = overrides.name ?? `Himalayan Shilajit Resin ${suffix}`;
  const imageUrls = overrides.imageUrls ?? [];
  const [row] = await db
    .insert(products)
    .values({
      name,
      slug: overrides.slug ?? `${slugify(name)}-${suffix}`.replace(/-+/g, "-"),
      description:
        "Pure Himalayan shilajit resin, sun-dried and lab tested for purity. Take 300–500mg daily dissolved in warm water.",
      priceCents: 5999,
      weightType: "30g",
      tags: ["shilajit", "resin"],
      seoTitle: `${name} | Peak Shilajit`.slice(0, 60),
      seoDescription: `${name}: pure Himalayan shilajit resin, rich in fulvic acid and lab tested.`.slice(
        0,
        160,
      ),
      seoKeywords: ["shilajit", "himalayan shilajit"],
      ...overrides,
      imageUrls,
      imageUrl: overrides.imageUrl !== undefined ? overrides.imageUrl : (imageUrls[0] ?? null),
    })
    .returning();
  await createSingleVariant(db, row!);
  // Re-read: the variant sync set the price range (and updated_at).
  const [synced] = await db.select().from(products).where(eq(products.id, row!.id));
  return synced!;
}

/** Another variant of a product (a new size); the product's price range and sold-out follow. */
export async function createVariant(
  db: Db,
  product: Pick<Product, "id" | "slug">,
  overrides: Partial<typeof productVariants.$inferInsert> & { title: string },
): Promise<typeof productVariants.$inferSelect> {
  const [row] = await db
    .insert(productVariants)
    .values({
      productId: product.id,
      sku: `${product.slug}-${overrides.title}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-"),
      optionValues: [overrides.title],
      priceCents: 4999,
      position: 1,
      ...overrides,
    })
    .returning();
  await syncProductSummary(db, [product.id]);
  return row!;
}

/** Changes a one-variant product's variant (its price, sold-out flag…) as the admin would. */
export async function updateOnlyVariant(
  db: Db,
  productId: string,
  changes: Partial<typeof productVariants.$inferInsert>,
) {
  await db.update(productVariants).set(changes).where(eq(productVariants.productId, productId));
  await syncProductSummary(db, [productId]);
}

/** A validity (batch) code like SH4821 (normalized: LID-1 is stored as LID1); product_name is always 'Default Product' unless overridden. */
export async function createValidityCode(
  db: Db,
  overrides: Partial<typeof validityCodes.$inferInsert> = {},
): Promise<ValidityCode> {
  // Stored normalized, as the admin stores it (core/catalog/serial-code.ts).
  const code = normalizeListCode(overrides.code ?? `SH${uniqueSuffix().toUpperCase()}`);
  const [row] = await db
    .insert(validityCodes)
    .values({ productName: "Default Product", ...overrides, code })
    .returning();
  return row!;
}

export type Collection = typeof collections.$inferSelect;

/** A published collection holding `productIds` in that order. */
export async function createCollection(
  db: Db,
  overrides: Partial<typeof collections.$inferInsert> & { productIds?: string[] } = {},
): Promise<Collection> {
  const { productIds = [], ...fields } = overrides;
  const name = fields.name ?? `Collection ${uniqueSuffix()}`;
  const [row] = await db
    .insert(collections)
    .values({ name, slug: slugify(name), description: `All about ${name}.`, ...fields })
    .returning();
  if (productIds.length > 0)
    await db
      .insert(collectionProducts)
      .values(productIds.map((productId, position) => ({ collectionId: row!.id, productId, position })));
  return row!;
}
