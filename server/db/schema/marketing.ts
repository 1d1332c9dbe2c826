import { sql } from "drizzle-orm";
import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { carts } from "./cart.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

export const marketingStatus = pgEnum("marketing_status", ["pending", "subscribed", "unsubscribed"]);
export const marketingSource = pgEnum("marketing_source", ["signup", "checkout", "footer", "admin"]);

/** A double opt-in waiting for its link: what the person asked for, kept until they confirm. */
export type ConfirmRequest = {
  nonce: string;
  source: (typeof marketingSource.enumValues)[number];
  consentText: string;
  requestedAt: string;
};

/**
 * The one answer to "may we send marketing email to this address?" (docs/compliance.md section 5,
 * decision 048). One row per address. `email_hash` (HMAC-SHA256 with the app secret) lets an
 * unsubscribe outlive the erasure of the clear address: the privacy eraser sets `email` to null and
 * the hash still suppresses. Consent fields (source, text, times) are set only when confirmed.
 */
export const marketingContacts = pgTable(
  "marketing_contacts",
  {
    id: id(),
    /** Lower-case; null once erased (the row then only suppresses, by hash). */
    email: text("email"),
    /** Null only on rows moved from the old unsubscribe list, until the app next writes them. */
    emailHash: text("email_hash"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: marketingStatus("status").notNull(),
    /** Where the confirmed consent came from; null for an opt-out without any subscription. */
    source: marketingSource("source"),
    /** The consent wording the person saw when they ticked the box or filled the form. */
    consentText: text("consent_text"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    confirmRequest: jsonb("confirm_request").$type<ConfirmRequest>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("marketing_contacts_email_idx").on(t.email),
    uniqueIndex("marketing_contacts_email_hash_idx").on(t.emailHash),
    index("marketing_contacts_list_idx").on(t.createdAt.desc(), t.id.desc()),
    index("marketing_contacts_subscribed_idx").on(t.id).where(sql`${t.status} = 'subscribed'`),
  ],
);

/** A buyer ticked "Email me news and offers" at checkout: the opt-in email goes after payment. */
export const checkoutNewsletterWishes = pgTable("checkout_newsletter_wishes", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  consentText: text("consent_text").notNull(),
  createdAt: createdAt(),
});
