import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";

/**
 * Up to this many matching orders are counted exactly; above it the planner's estimate is shown
 * ("about …"). Counting a million index entries costs 150+ ms on every page view, and nobody pages
 * through ten thousand orders by number.
 */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * Searches are counted exactly up to here: each match is a heap row to re-check (a trigram index
 * only narrows the candidates), ~45 ms for 10,000 matches on the loaded benchmark machine, ~10 ms
 * for 2,000.
 */
export const EXACT_SEARCH_COUNT_LIMIT = 2_000;

export type OrderCount = { total: number; estimated: boolean };

/**
 * How many orders match `where`: exact when at most `limit`, otherwise the planner's estimate (never
 * less than limit + 1). The matches are read in full by a materialized CTE, planned as if every row
 * were wanted, so a rare search term goes through the trigram indexes; the count stops reading at
 * limit + 1.
 */
export async function countOrders(
  tx: Tx,
  where: SQL | undefined,
  limit = EXACT_COUNT_LIMIT,
): Promise<OrderCount> {
  const counted = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with matches as materialized (select 1 from ${orders} where ${where ?? sql`true`})
      select count(*)::int as n from (select 1 from matches limit ${limit + 1}) as capped`),
  );
  const exact = Number(counted[0]?.n ?? 0);
  if (exact <= limit) return { total: exact, estimated: false };
  return { total: Math.max(limit + 1, await estimateOrders(tx, where)), estimated: true };
}

/** The planner's estimate of the rows matching `where` (statistics only, nothing is read). */
async function estimateOrders(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`explain (format json) select 1 from ${orders} where ${where ?? sql`true`}`),
  );
  const output = row ? Object.values(row)[0] : undefined;
  const plan = (typeof output === "string" ? JSON.parse(output) : output) as [
    { Plan: { "Plan Rows": number } },
  ];
  return Math.round(plan[0].Plan["Plan Rows"]);
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
