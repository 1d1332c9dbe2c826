import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { contentCreators } from "./coupons.ts";

/**
 * What `npm run import:legacy` brought in (docs/migrating.md): one row per imported row of the old
 * shop, by its table there and its id there, naming the row it became here. A second run finds
 * the row and updates it instead of adding another. `source` is the old table (e.g. "products",
 * "auth.users"), or "media" for a copied image, whose old_id is its old URL.
 */
export const legacyImportIds = pgTable(
  "legacy_import_ids",
  {
    source: text("source").notNull(),
    oldId: text("old_id").notNull(),
    newId: text("new_id").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.oldId] })],
);

/**
 * A single-use "set your password" link for a content creator (imported creators get one: the old
 * shop's creator passwords are never decoded). Only a SHA-256 of the link's token is kept.
 */
export const creatorPasswordLinks = pgTable(
  "creator_password_links",
  {
    id: id(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => contentCreators.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("creator_password_links_creator_idx").on(t.creatorId)],
);
