import { bigint, integer, pgTable } from "drizzle-orm/pg-core";

/**
 * One row whose `version` goes up, in the same transaction, whenever anything the anonymous
 * storefront caches changes (products, blog posts, testimonials, partners, certificates): the
 * triggers are in migration 0006_storefront_version_triggers. Servers compare it to the version
 * their cache was built from (server/catalog/storefront-cache.ts).
 */
export const storefrontVersion = pgTable("storefront_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
