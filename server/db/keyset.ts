import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { isUuid } from "./ids.ts";
import { isTimestampText } from "./timestamps.ts";

/**
 * A position in a newest-first list: the row's timestamp as PostgreSQL prints it (microseconds kept;
 * a JS Date would lose them and skip rows) and its id, which breaks ties.
 */
export type TimeKey = { createdAt: string; id: string };

/** A `<timestamp><separator><uuid>` page position from a URL, or null when it is not a valid one. */
export function parseTimeKey(text: string | null | undefined, separator: string): TimeKey | null {
  if (!text || text.length > 100) return null;
  const at = text.lastIndexOf(separator);
  if (at < 0) return null;
  const createdAt = text.slice(0, at);
  const id = text.slice(at + separator.length);
  return isTimestampText(createdAt) && isUuid(id) ? { createdAt, id } : null;
}

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
