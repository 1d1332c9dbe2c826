import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

/** Every row of every table as JSON text, by table (read from information_schema: new tables too). */
export type RowSnapshot = Map<string, string[]>;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** The whole database, row by row, to compare byte for byte before and after an operation. */
export async function snapshotRows(db: Db): Promise<RowSnapshot> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: RowSnapshot = new Map();
  for (const { table_name: table } of tables) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} as t`,
    );
    snapshot.set(table, rows.map((r) => r.row).sort());
  }
  return snapshot;
}

/** The rows of `before` that `after` no longer holds byte for byte (deleted or changed), by table. */
export function rowsGone(before: RowSnapshot, after: RowSnapshot): { table: string; row: string }[] {
  const gone: { table: string; row: string }[] = [];
  for (const [table, rows] of before) {
    const kept = new Set(after.get(table) ?? []);
    for (const row of rows) if (!kept.has(row)) gone.push({ table, row });
  }
  return gone;
}
