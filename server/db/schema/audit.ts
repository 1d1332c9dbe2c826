import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

/** One field's value before and after a change (null: absent). */
export type FieldChange = { from: unknown; to: unknown };

/**
 * The audit log: one row per change made in the back office or by a background job, written in
 * the same transaction as the change (server/audit/record.ts). Append-only: a trigger refuses
 * UPDATE and DELETE except the retention prune (migration 0048). The actor's name and email are
 * copied as they were at the time, and there is no foreign key: an entry outlives its author and
 * its entity.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: id(),
    createdAt: createdAt(),
    /** "staff" (a signed-in staff member) or "system" (a background job). */
    actorKind: text("actor_kind").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email"),
    /** The client's address (X-Forwarded-For first hop, else the socket peer); null for system. */
    ip: text("ip"),
    /** e.g. product, variant, order, coupon, creator, payout, blog-post, setting, staff, privacy. */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** What people call the entity at the time (a product's name, an order's number). */
    entityLabel: text("entity_label"),
    /** e.g. create, update, delete, status, ship, refund, erase, import. */
    action: text("action").notNull(),
    /** Changed fields only, before → after; secrets never (server/audit/diff.ts). */
    changes: jsonb("changes").$type<Record<string, FieldChange>>().notNull().default({}),
  },
  (t) => [
    index("audit_entries_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_entries_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("audit_entries_actor_idx").on(t.actorId, t.createdAt.desc()),
  ],
);
