import { and, eq, type InferSelectModel, type SQL } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.ts";
import { recordChange } from "./record.ts";

type TableWithId = PgTable & { id: PgColumn };
type Row<T extends TableWithId> = InferSelectModel<T>;

/** How a table's rows appear in the audit log: their kind and what people call one. */
export type Tracked<T extends TableWithId> = { entityType: string; label: (row: Row<T>) => string | null };

/*
 * Plain one-row writes of a back office screen (a coupon, a blog post, a partner) with their audit
 * entry in one transaction: the row is read (locked) before, written, and recorded before → after.
 * The casts are drizzle's generic-table typing; the callers' tables are concrete.
 */

/** Updates the row with this id; null when there is none (nothing recorded). */
export async function updateTracked<T extends TableWithId>(
  db: Db | Tx,
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
  tracked: Tracked<T>,
  action = "update",
): Promise<Row<T> | null> {
  return db.transaction(async (tx) => {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's generic table
    const t = table as any;
    const [before] = await tx.select().from(t).where(eq(table.id, id)).for("update");
    if (!before) return null;
    const [after] = await tx.update(t).set(values).where(eq(table.id, id)).returning();
    await recordChange(tx, {
      entityType: tracked.entityType,
      entityId: id,
      entityLabel: tracked.label(after as Row<T>),
      action,
      before: before as Record<string, unknown>,
      after: after as Record<string, unknown>,
    });
    return after as Row<T>;
  });
}

/** Deletes the row with this id, recording what it held; false when there was none. */
export async function deleteTracked<T extends TableWithId>(
  db: Db | Tx,
  table: T,
  id: string,
  tracked: Tracked<T>,
  /** A rule the row must still meet when it is deleted (checked in the same statement). */
  only?: SQL,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's generic table
    const t = table as any;
    const rows = (await tx
      .delete(t)
      .where(and(eq(table.id, id), only))
      .returning()) as unknown[];
    const before = rows[0];
    if (!before) return false;
    await recordChange(tx, {
      entityType: tracked.entityType,
      entityId: id,
      entityLabel: tracked.label(before as Row<T>),
      action: "delete",
      before: before as Record<string, unknown>,
      after: null,
    });
    return true;
  });
}

/** The entry of a row just inserted (inside the insert's transaction). */
export function recordCreated<T extends TableWithId>(
  tx: Db | Tx,
  row: Row<T> & { id: string },
  tracked: Tracked<T>,
) {
  return recordChange(tx, {
    entityType: tracked.entityType,
    entityId: row.id,
    entityLabel: tracked.label(row),
    action: "create",
    before: null,
    after: row as Record<string, unknown>,
  });
}

/** Inserts one row and records it created, in one transaction. */
export async function insertTracked<T extends TableWithId>(
  db: Db | Tx,
  table: T,
  values: PgInsertValue<T>,
  tracked: Tracked<T>,
): Promise<Row<T>> {
  return db.transaction(async (tx) => {
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's generic table
    const t = table as any;
    const rows = (await tx.insert(t).values(values).returning()) as Row<T>[];
    const row = rows[0] as Row<T> & { id: string };
    await recordCreated(tx, row, tracked);
    return row;
  });
}
