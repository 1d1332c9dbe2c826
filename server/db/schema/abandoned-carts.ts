import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { carts } from "./cart.ts";
import { createdAt, id } from "./columns.ts";

/** A cart line as the reminder email showed it; the restore link brings back exactly these. */
export type ReminderLine = {
  productId: string | null;
  variantId: string | null;
  productName: string;
  weight: string;
  quantity: number;
};

/**
 * One row per reminder email about an abandoned cart (docs/abandoned-carts.md, decision 044).
 * The unique index is the claim: whichever job run inserts the row sends the email, so two
 * instances never send the same reminder. `cart_updated_at` names the abandonment: a cart that is
 * changed and left again is a new one.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: id(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** 1: the first reminder; 2: the follow-up with the admin's coupon. */
    step: integer("step").notNull(),
    cartUpdatedAt: timestamp("cart_updated_at", { withTimezone: true }).notNull(),
    email: text("email").notNull(),
    lines: jsonb("lines").$type<ReminderLine[]>().notNull(),
    couponCode: text("coupon_code"),
    /** A guest cart's `checkout_client_ip`: guest reminders per client are capped (decision 051). */
    clientIp: text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_reminders_once_idx").on(t.cartId, t.cartUpdatedAt, t.step),
    // A guest's address gets one reminder per period, whichever cart typed it.
    index("cart_reminders_email_idx").on(sql`lower(${t.email})`, t.createdAt),
  ],
);
