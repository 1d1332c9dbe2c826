import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";

/**
 * An invitation to join the back office: emailed as a one-time link that lets the invitee set a
 * password. Only the SHA-256 of the link's token is kept. Open while neither accepted nor revoked
 * and before `expiresAt`; one open invitation per address.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** A role key of core/staff/roles.ts. */
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("staff_invitations_open_email_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("staff_invitations_created_at_idx").on(t.createdAt),
  ],
);
