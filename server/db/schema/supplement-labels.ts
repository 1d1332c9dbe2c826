import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DietaryIngredient } from "../../../core/legal/supplement-facts.ts";
import { products } from "./catalog.ts";
import { id, textList, updatedAt } from "./columns.ts";
import { orders } from "./orders.ts";
import { productVariants } from "./variants.ts";

/**
 * Supplement Facts panels (21 CFR 101.36, decision 045): one per product (variant_id null) and
 * optionally one per variant whose label differs, which then replaces the product's.
 */
export const supplementFacts = pgTable(
  "supplement_facts",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    servingSize: text("serving_size").notNull(),
    servingsPerContainer: text("servings_per_container").notNull(),
    /** Dietary ingredients in panel order (validated on save: at most 30 rows). */
    ingredients: jsonb("ingredients").$type<DietaryIngredient[]>().notNull().default([]),
    otherIngredients: text("other_ingredients").notNull().default(""),
    directions: text("directions").notNull().default(""),
    warnings: text("warnings").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("supplement_facts_product_idx").on(t.productId).where(sql`${t.variantId} is null`),
    uniqueIndex("supplement_facts_variant_idx").on(t.variantId).where(sql`${t.variantId} is not null`),
    check("supplement_facts_ingredients_array", sql`jsonb_typeof(${t.ingredients}) = 'array'`),
  ],
);

/** Per product: its structure/function claims (21 CFR 101.93) and its Prop 65 warning (27 CCR 25607.2). */
export const productLabels = pgTable(
  "product_labels",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    claims: textList("claims"),
    prop65Warning: boolean("prop65_warning").notNull().default(false),
    prop65Chemicals: textList("prop65_chemicals"),
    /** cancer | reproductive | both (core/legal/prop65.ts). */
    prop65Endpoint: text("prop65_endpoint"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "product_labels_prop65_endpoint",
      sql`${t.prop65Endpoint} is null or ${t.prop65Endpoint} in ('cancer', 'reproductive', 'both')`,
    ),
    check(
      "product_labels_prop65_complete",
      sql`not ${t.prop65Warning} or (${t.prop65Endpoint} is not null and cardinality(${t.prop65Chemicals}) > 0)`,
    ),
  ],
);

/** Which Prop 65 warnings the buyer was shown at checkout, recorded with the order at Pay. */
export const orderProp65Warnings = pgTable(
  "order_prop65_warnings",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    warningText: text("warning_text").notNull(),
    shownAt: timestamp("shown_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_prop65_warnings_order_idx").on(t.orderId)],
);
