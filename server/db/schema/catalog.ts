import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuantityTier } from "../../../core/pricing/quantity-tiers.ts";
import { createdAt, id, textList, updatedAt } from "./columns.ts";
import { batches, serials } from "./validity.ts";

export const weightType = pgEnum("weight_type", ["30ml", "30g"]);
/**
 * Only an active product is on the storefront (lists, page, search, feed, sitemap, cart). A draft
 * is being prepared (publish_at: the job in server/jobs/ makes it active then); an archived one
 * is kept for its orders and reviews.
 */
export const productStatus = pgEnum("product_status", ["draft", "active", "archived"]);

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /**
     * Money is integer cents everywhere below the UI. price_cents and price_max_cents are the
     * lowest and highest price of the product's live variants, sold_out is true when every live
     * variant is: kept in step by server/catalog/variants.ts so lists sort and filter on an index.
     */
    priceCents: integer("price_cents").notNull(),
    priceMaxCents: integer("price_max_cents").notNull().default(0),
    /** The spec's unit (30ml / 30g): the first option of a product made before variants. */
    weightType: weightType("weight_type").notNull().default("30ml"),
    soldOut: boolean("sold_out").notNull().default(false),
    /** Shown on the home page first (up to HOME_PRODUCTS), chosen in the admin product form. */
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    imageUrls: textList("image_urls"),
    tags: textList("tags"),
    initialViewCount: integer("initial_view_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    seoKeywords: textList("seo_keywords"),
    /** Volume pricing, "Buy 3, save 10%" (at most 5, validated on save; decision 030). */
    quantityTiers: jsonb("quantity_tiers").$type<QuantityTier[]>().notNull().default([]),
    status: productStatus("status").notNull().default("active"),
    /** When a draft goes live (server/catalog/publish-due.ts); null: by hand only. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One index per /products sort, each ending in id so every page is an ordered index range.
    index("products_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("products_name_idx").on(t.name, t.id),
    index("products_price_idx").on(t.priceCents, t.id),
    // The home grid: featured first, then newest.
    index("products_home_idx").on(t.featured.desc(), t.createdAt.desc(), t.id.desc()),
    // The /products search box (name contains the words).
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // The /products?tag= filter (tags @> array[tag]).
    index("products_tags_idx").using("gin", t.tags),
    // The admin list (/admin/products?status=): each sort within one status.
    index("products_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("products_status_name_idx").on(t.status, t.name, t.id),
    index("products_status_price_idx").on(t.status, t.priceCents, t.id),
    // The publishing job's due drafts.
    index("products_publish_at_idx")
      .on(t.publishAt)
      .where(sql`${t.status} = 'draft' and ${t.publishAt} is not null`),
    check("products_price_non_negative", sql`${t.priceCents} >= 0`),
    check("products_quantity_tiers_array", sql`jsonb_typeof(${t.quantityTiers}) = 'array'`),
  ],
);

export const productViews = pgTable(
  "product_views",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_views_product_id_idx").on(t.productId, t.createdAt)],
);

/** Batch codes printed on bottle lids; looked up on /validity. */
export const validityCodes = pgTable(
  "validity_codes",
  {
    id: id(),
    code: text("code").notNull().unique(),
    productName: text("product_name").notNull().default("Default Product"),
    /** Null for codes not attached to a batch: they stay valid, with no batch details. */
    batchId: uuid("batch_id").references(() => batches.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // A batch page lists its attached codes.
  (t) => [index("validity_codes_batch_idx").on(t.batchId)],
);

/** Every storefront lookup, so the owner sees which codes are checked. */
export const validityLookups = pgTable(
  "validity_lookups",
  {
    id: id(),
    code: text("code").notNull(),
    valid: boolean("valid").notNull(),
    /** legacy | batch | first | repeat | typo | unknown (server/validity/validity.ts); null before batches. */
    outcome: text("outcome"),
    batchId: uuid("batch_id").references(() => batches.id, { onDelete: "set null" }),
    serialId: uuid("serial_id").references(() => serials.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("validity_lookups_created_at_idx").on(t.createdAt.desc())],
);
