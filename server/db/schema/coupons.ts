import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns.ts";
import { orders } from "./orders.ts";

/** Affiliate-like accounts linked to coupons. Only a scrypt hash of the password is kept. */
export const contentCreators = pgTable(
  "content_creators",
  {
    id: id(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name"),
    email: text("email"),
    /** Commission in hundredths of a percent: 1250 = 12.50%. */
    commissionBasisPoints: integer("commission_basis_points").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("content_creators_created_at_idx").on(t.createdAt.desc()),
    check("content_creators_commission_range", sql`${t.commissionBasisPoints} between 0 and 10000`),
  ],
);

export const discountType = pgEnum("discount_type", ["percentage", "fixed"]);

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    /** Always stored upper-case. */
    code: text("code").notNull().unique(),
    discountType: discountType("discount_type").notNull().default("percentage"),
    /**
     * The discount as shown times 100, so one column serves both types:
     * fixed = cents (500 = $5.00), percentage = basis points (1500 = 15%).
     */
    discountValueHundredths: integer("discount_value_hundredths").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    showOnFrontend: boolean("show_on_frontend").notNull().default(true),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    minimumOrderCents: integer("minimum_order_cents"),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    /** One use per customer (an account, or one email address for guests), checked at Pay. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    contentCreatorId: uuid("content_creator_id").references(() => contentCreators.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("coupons_created_at_idx").on(t.createdAt.desc()),
    index("coupons_creator_idx").on(t.contentCreatorId),
    check("coupons_value_positive", sql`${t.discountValueHundredths} > 0`),
    check("coupons_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
  ],
);

export const couponUsages = pgTable(
  "coupon_usages",
  {
    id: id(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    discountCents: integer("discount_cents").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("coupon_usages_coupon_idx").on(t.couponId, t.usedAt.desc())],
);

/**
 * One coupon use held for an order while its payment session is open, so a usage limit is never
 * exceeded by concurrent checkouts. Turned into a coupon usage at fulfilment; deleted when the
 * session expires or is cancelled.
 */
export const couponReservations = pgTable(
  "coupon_reservations",
  {
    id: id(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_reservations_coupon_idx").on(t.couponId, t.expiresAt)],
);
