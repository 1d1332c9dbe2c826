import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { products } from "./catalog.ts";
import { createdAt, id } from "./columns.ts";
import { orders } from "./orders.ts";

export const reviewStatus = pgEnum("review_status", ["pending", "approved", "hidden"]);
/** FTC 16 CFR 465: a review is hidden for its content only, never for its rating (decision 043). */
export const reviewHideReason = pgEnum("review_hide_reason", ["abuse", "personal_data", "off_topic"]);

/**
 * Verified reviews (docs/reviews.md): one per product and customer, from an order that reached
 * them. Plain text only; the storefront shows approved ones.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The order that made the purchase verified. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The name shown with the review (the account's name when written). */
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    status: reviewStatus("status").notNull().default("pending"),
    hideReason: reviewHideReason("hide_reason"),
    reply: text("reply"),
    incentivised: boolean("incentivised").notNull().default(false),
    createdAt: createdAt(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** When the author last edited it (an edit goes back to pending). */
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    index("reviews_product_approved_idx")
      .on(t.productId, t.createdAt.desc())
      .where(sql`${t.status} = 'approved'`),
    index("reviews_status_created_idx").on(t.status, t.createdAt.desc()),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_title_length", sql`char_length(${t.title}) <= 100`),
    check("reviews_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    check("reviews_hidden_has_reason", sql`(${t.status} = 'hidden') = (${t.hideReason} is not null)`),
  ],
);
