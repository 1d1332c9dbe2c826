import { slugify } from "../../server/content/slug.ts";
import type { Db } from "../../server/db/client.ts";
import { products, validityCodes } from "../../server/db/schema/index.ts";
import { uniqueSuffix } from "./unique.ts";

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ValidityCode = typeof validityCodes.$inferSelect;

/** A product with believable defaults; `image_url` follows the first of `imageUrls` unless given. */
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
  return row!;
}

/** A validity (batch) code like SH4821; product_name is always 'Default Product' unless overridden. */
export async function createValidityCode(
  db: Db,
  overrides: Partial<typeof validityCodes.$inferInsert> = {},
): Promise<ValidityCode> {
  const code = overrides.code ?? `SH${uniqueSuffix().toUpperCase()}`;
  const [row] = await db
    .insert(validityCodes)
    .values({ productName: "Default Product", ...overrides, code })
    .returning();
  return row!;
}
