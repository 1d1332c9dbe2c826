import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

export type Finding = { table: string; column: string; term: string };

/** Rows of a raw query: PGlite answers `{ rows }`, the PostgreSQL driver the rows themselves. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Every text, varchar, json, jsonb and array column of every table (read from
 * information_schema, so a table added later is scanned without a change here) that still
 * contains one of `terms`, ignoring case.
 */
export async function findPersonalData(db: Db, terms: string[]): Promise<Finding[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
        order by table_name, column_name`,
  );
  const findings: Finding[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const term of terms) {
      const found = await rowsOf(
        db,
        sql`select 1 from ${sql.identifier(table)}
            where position(${term.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0 limit 1`,
      );
      if (found.length > 0) findings.push({ table, column, term });
    }
  }
  return findings;
}
