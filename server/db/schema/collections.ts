import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

/**
 * A named group of products with its own storefront page (/collections/{slug}). `position` is the
 * back office's order of the collections (menus, sitemap); unpublished ones exist only there.
 */
export const collections = pgTable(
  "collections",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("collections_position_idx").on(t.position, t.id)],
);

/**
 * The products of a collection, in the collection's own order (`position`). The primary key
 * (collection_id, product_id) is the index the /products?collection= count reads; a list sorted
 * by a products index probes (product_id, collection_id), which also serves a product's deletion
 * (cascade); the collection's own order is collection_products_order_idx.
 */
export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_products_order_idx").on(t.collectionId, t.position, t.productId),
    index("collection_products_product_idx").on(t.productId, t.collectionId),
  ],
);
