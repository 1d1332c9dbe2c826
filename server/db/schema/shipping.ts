import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, textList, updatedAt } from "./columns.ts";

/**
 * Shipping zones and their rate, set on /admin/shipping (core/pricing/shipping.ts reads them; decision 035).
 * A zone without states is its country's default zone (at most one per country); the migration
 * seeds the United States' "Free shipping", so a fresh shop ships as it always did.
 */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: id(),
    zoneName: text("zone_name").notNull(),
    country: text("country").notNull().default("US"),
    states: textList("states"),
    rateName: text("rate_name").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    freeOverCents: integer("free_over_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shipping_zones_price_check", sql`${t.priceCents} >= 0`),
    check("shipping_zones_free_over_check", sql`${t.freeOverCents} IS NULL OR ${t.freeOverCents} >= 0`),
    uniqueIndex("shipping_zones_country_default_idx").on(t.country).where(sql`cardinality(${t.states}) = 0`),
  ],
);

/** US sales tax per state (decision 036): basis points, and whether the state taxes shipping. */
export const salesTaxRates = pgTable(
  "sales_tax_rates",
  {
    state: text("state").primaryKey(),
    basisPoints: integer("basis_points").notNull(),
    taxesShipping: boolean("taxes_shipping").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("sales_tax_rates_basis_points_check", sql`${t.basisPoints} BETWEEN 0 AND 2000`)],
);
