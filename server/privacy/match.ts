import { type AnyColumn, or, type SQL, sql } from "drizzle-orm";

/**
 * How a privacy request finds a person's rows. Erasure selects by identifiers only — an id column,
 * their exact email, a whole value or key segment equal to one of their ids — never by text that
 * merely contains a name: "Peak Shilajit" or "Verify your email address" is in other people's
 * mail too (issue 29). Text search (`mentionsAny`) only lists what is left for the admin to check.
 */

/** `column` equals `email` without regard to case (`email` is lower-case). */
export const sameEmail = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;

/** SQL `in` over text values; false for none (an empty `in ()` is a syntax error). */
export function inTexts(value: SQL | AnyColumn, values: string[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${value} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/**
 * True where some string anywhere in the json `column` is exactly one of `values` (lower-case),
 * ignoring case: a provider's payment id, an order id or the email as a whole value, never a part.
 */
export function jsonHoldsValue(column: AnyColumn, values: string[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`exists (select 1 from jsonb_path_query(${column}, 'strict $.**') as v
    where jsonb_typeof(v) = 'string' and ${inTexts(sql`lower(v #>> '{}')`, values)})`;
}

/**
 * True where one `:`-separated segment of the key `column` is exactly one of `values`
 * (lower-case): `auth:/sign-in/email:account:<email>`, `admin-new-order:<order id>`.
 */
export function keySegmentIs(column: AnyColumn, values: string[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`exists (select 1 from unnest(string_to_array(lower(${column}), ':')) as segment
    where ${inTexts(sql`segment`, values)})`;
}

/**
 * True where `column`, read as text (jsonb too), contains one of `terms` (lower-case), ignoring
 * case. For listing rows that may be about someone — never for choosing what to erase.
 */
export function mentionsAny(columns: (AnyColumn | SQL)[], terms: string[]): SQL {
  const matches = columns.flatMap((column) =>
    terms.map((term) => sql`position(${term} in lower(${column}::text)) > 0`),
  );
  return or(...matches) ?? sql`false`;
}
