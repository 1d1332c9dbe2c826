import { type AnyColumn, or, type SQL, sql } from "drizzle-orm";

/**
 * True where `column`, read as text (jsonb and arrays too), contains one of `terms` (lower-case),
 * ignoring case. `position` instead of LIKE: an email's `_` or `%` is taken literally.
 */
export function mentionsAny(columns: (AnyColumn | SQL)[], terms: string[]): SQL {
  const matches = columns.flatMap((column) =>
    terms.map((term) => sql`position(${term} in lower(${column}::text)) > 0`),
  );
  return or(...matches) ?? sql`false`;
}

/** `column` equals `email` without regard to case (`email` is lower-case). */
export const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;
