import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { createdAt, id, textList, updatedAt } from "./columns.ts";

/**
 * Options and variants (docs/decisions/029-options-and-variants.md). A product has up to three
 * options (e.g. Size, Pack), each with its values in display order; it sells one variant per
 * combination it offers. What is bought, carted and subscribed to is always a variant.
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 0, 1 or 2: a variant's option_values are in this order. */
    position: integer("position").notNull(),
    values: textList("values"),
  },
  (t) => [
    uniqueIndex("product_options_position_idx").on(t.productId, t.position),
    check("product_options_position_range", sql`${t.position} between 0 and 2`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    /** The option values joined for people, e.g. "50g / 3-pack"; a one-option product's "30ml". */
    title: text("title").notNull(),
    /** One value per product option, in option position order. */
    optionValues: textList("option_values"),
    priceCents: integer("price_cents").notNull(),
    /** The "was" price shown struck through; only meaningful above price_cents. */
    compareAtCents: integer("compare_at_cents"),
    weightGrams: integer("weight_grams"),
    imageUrl: text("image_url"),
    soldOut: boolean("sold_out").notNull().default(false),
    /** Units on hand (docs/stock.md); null = not tracked, only sold_out decides. */
    stockQuantity: integer("stock_quantity"),
    /** "Only N left" shows at or under this; null = the shop default (server/stock/levels.ts). */
    lowStockThreshold: integer("low_stock_threshold"),
    /** Global Trade Item Number / manufacturer part number, for the Google Merchant feed. */
    gtin: text("gtin"),
    mpn: text("mpn"),
    position: integer("position").notNull().default(0),
    /** A variant referenced by orders is archived, never deleted: past orders keep pointing at it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    // SKUs are one per shop whatever their case, and search finds one typed in any case
    // (server/search/search.ts compares upper(sku) = upper(query) on this index).
    uniqueIndex("product_variants_sku_upper_idx").on(sql`upper(${t.sku})`),
    // The admin products search: a SKU containing the typed text (upper(sku) like '%…%').
    index("product_variants_sku_trgm_idx").using("gin", sql`upper(${t.sku}) gin_trgm_ops`),
    check("product_variants_price_non_negative", sql`${t.priceCents} >= 0`),
    check(
      "product_variants_compare_at_non_negative",
      sql`${t.compareAtCents} is null or ${t.compareAtCents} >= 0`,
    ),
    check("product_variants_stock_non_negative", sql`${t.stockQuantity} is null or ${t.stockQuantity} >= 0`),
    check(
      "product_variants_low_stock_non_negative",
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`,
    ),
    check("product_variants_weight_non_negative", sql`${t.weightGrams} is null or ${t.weightGrams} >= 0`),
  ],
);
