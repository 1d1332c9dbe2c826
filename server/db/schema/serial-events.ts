import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { batches, serials } from "./validity.ts";

/**
 * What an admin did to a batch's serials (docs/validity.md): an unflag with its note, a
 * deleted serial, a bulk delete. The code is copied so the entry outlives a deleted serial.
 */
export const serialEvents = pgTable(
  "serial_events",
  {
    id: id(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    serialId: uuid("serial_id").references(() => serials.id, { onDelete: "set null" }),
    /** The serial's code; empty for a bulk delete. */
    code: text("code").notNull().default(""),
    action: text("action").notNull(),
    note: text("note").notNull().default(""),
    /** The admin's account id (kept as text: the entry stays when the account goes). */
    actorId: text("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("serial_events_batch_idx").on(t.batchId, t.createdAt.desc()),
    check("serial_events_action", sql`${t.action} in ('unflag', 'delete', 'bulk_delete')`),
  ],
);
