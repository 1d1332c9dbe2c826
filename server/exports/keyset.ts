import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * A position in a newest-first list: the row's timestamp as PostgreSQL prints it (microseconds kept;
 * a JS Date would lose them and skip rows) and its id, which breaks ties.
 */
export type TimeKey = { createdAt: string; id: string };

/** The timestamp column as text, to build a TimeKey from a row. */
export const keyText = (column: AnyColumn) => sql<string>`${column}::text`;

/** Rows strictly older than the key, on (time, id) descending. */
export function olderThan(
  time: AnyColumn,
  id: AnyColumn,
  key: TimeKey | null,
  idType: "uuid" | "text",
): SQL | undefined {
  if (!key) return undefined;
  const keyId = idType === "uuid" ? sql`${key.id}::uuid` : sql`${key.id}::text`;
  return sql`(${time}, ${id}) < (${key.createdAt}::timestamptz, ${keyId})`;
}

/** The key after a full batch, or null when the batch was the last. */
export function nextKey<R extends { key: string; id: string }>(rows: R[], size: number): TimeKey | null {
  const last = rows.at(-1);
  return rows.length === size && last ? { createdAt: last.key, id: last.id } : null;
}
