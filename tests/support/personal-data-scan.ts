import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

export type Finding = { table: string; column: string; term: string };

/**
 * Every text, varchar, json, jsonb and array column of every table (read from
 * information_schema, so a table added later is scanned without a change here) that still
 * contains one of `terms`, ignoring case.
 */
export async function findPersonalData(db: Db, terms: string[]): Promise<Finding[]> {
  const { rows } = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const findings: Finding[] = [];
  for (const { table_name: table, column_name: column } of rows) {
    for (const term of terms) {
      const found = (await db.execute(sql`
        select 1 from ${sql.identifier(table)}
        where position(${term.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0 limit 1`)) as unknown as {
        rows: unknown[];
      };
      if (found.rows.length > 0) findings.push({ table, column, term });
    }
  }
  return findings;
}
