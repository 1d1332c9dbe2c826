import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";
import { orders } from "./orders.ts";
import { productVariants } from "./variants.ts";

/** Why a variant's stock changed (docs/stock.md). */
export const stockMovementReason = pgEnum("stock_movement_reason", [
  "adjustment",
  "correction",
  "received",
  "sale",
  "cancel",
  "refund",
]);

/**
 * Every change of a tracked variant's stock, newest last: the admin's history and the audit of
 * sales. `shortfall` > 0 flags a sale paid after its hold ended with less on hand than sold.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    reason: stockMovementReason("reason").notNull(),
    note: text("note"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    shortfall: integer("shortfall").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt.desc()),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_quantity_after_non_negative", sql`${t.quantityAfter} >= 0`),
  ],
);

/**
 * Units held for an unpaid order while its payment page is open (decision 011): counted against
 * stock until the hold expires, deleted when the order is paid (taken) or closed (released).
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_reservations_order_variant_idx").on(t.orderId, t.variantId),
    index("stock_reservations_variant_idx").on(t.variantId, t.expiresAt),
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
