import { index, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";

/**
 * A row that mentions an erased person (their email, a name or phone of theirs, as text) but is
 * not theirs by any identifier, so it cannot be attributed with certainty: the erasure leaves it
 * and lists it here for the admin, who reads it and decides. `what` holds no personal data.
 */
export type LeftRow = { table: "mail_outbox" | "webhook_events"; id: string; what: string };

export const privacyAction = pgEnum("privacy_action", ["export", "erase"]);
export const privacyRequester = pgEnum("privacy_requester", ["customer", "admin"]);

/**
 * Who ran a privacy request (docs/compliance.md, decision 049): a data export or an erasure, asked
 * by the customer on /account/privacy or run by an admin for a request received by email. Holds
 * account ids only, never the email or name: the log must outlive the erasure it records.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: id(),
    action: privacyAction("action").notNull(),
    requestedBy: privacyRequester("requested_by").notNull(),
    /** The admin who ran it (null for the customer's own request, or once that admin is gone). */
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** The customer account it concerned; null for a guest without an account. Not a foreign key: the account may be erased. */
    subjectUserId: text("subject_user_id"),
    /**
     * An erasure's rows that mention the person only in text (no identifier of theirs), left in
     * place for the admin to check: table, row id and a description free of personal data.
     */
    leftForReview: jsonb("left_for_review").$type<LeftRow[]>(),
    createdAt: createdAt(),
  },
  (t) => [index("privacy_requests_created_idx").on(t.createdAt.desc())],
);
