import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PostalAddress } from "../../../core/orders/address.ts";
import { user } from "./auth.ts";
import { createdAt, id, textList } from "./columns.ts";

/**
 * One row per customer for the admin customer list (decision 056): a customer account, or a guest
 * buyer's email address that no account has. The figures (orders, spend, last order, subscriber,
 * accepts marketing) are kept by the triggers of the customers migration (hand-written SQL), in
 * the same transaction as the order, account, subscription or consent that changed, so the list
 * sorts and filters 1,000,000 customers from indexes alone. Only `note` and `tags` are written
 * by the app, and the customers CSV import's three columns below.
 */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    /** The account; null for a guest buyer (known by email only). */
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower-case: one customer per address. */
    emailKey: text("email_key").notNull(),
    name: text("name"),
    phone: text("phone"),
    orderCount: integer("order_count").notNull().default(0),
    /** Paid orders' totals less refunds. */
    totalSpentCents: bigint("total_spent_cents", { mode: "number" }).notNull().default(0),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }),
    subscriber: boolean("subscriber").notNull().default(false),
    acceptsMarketing: boolean("accepts_marketing").notNull().default(false),
    /** Staff's internal note and tags (never shown to the customer). */
    note: text("note").notNull().default(""),
    tags: textList("tags"),
    /**
     * Set by the customers CSV import (server/customer-import/): a guest row kept without orders
     * (a customer of the shop this one replaces). Without it a guest row lives only while it has
     * paid orders.
     */
    importedAt: timestamp("imported_at", { withTimezone: true }),
    /** The imported default address of a guest row: it joins the address book once an account has the email. */
    importedAddress: jsonb("imported_address").$type<PostalAddress>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_email_key_idx").on(t.emailKey),
    // One index per sort, each ending in the id: keyset pages ("after this row") read forward.
    index("customers_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("customers_last_order_idx").on(
      sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz) desc`,
      t.id.desc().nullsFirst(),
    ),
    index("customers_spent_idx").on(t.totalSpentCents.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("customers_orders_idx").on(t.orderCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("customers_tags_idx").using("gin", t.tags),
    // Search "contains" on name, email and phone digits (pg_trgm, as the orders search).
    index("customers_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("customers_email_trgm_idx").using("gin", t.emailKey.op("gin_trgm_ops")),
    index("customers_phone_trgm_idx").using(
      "gin",
      sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
  ],
);
