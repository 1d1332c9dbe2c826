import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { orders } from "../db/schema/index.ts";

/**
 * Up to this many orders are counted exactly; above it the planner's estimate is shown
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

/**
 * How many orders match `where`, or null when more than `limit` do (reads at most limit + 1). For the
 * unfiltered list: seeing the LIMIT, the planner may pick a scan that is only quick for common
 * matches, which a rare search term is not (searches count in `readCountedSearchPage`).
 */
export async function countUpTo(tx: Tx, where: SQL | undefined, limit: number): Promise<number | null> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (select 1 from ${orders} where ${where ?? sql`true`} limit ${limit + 1}) as capped`),
  );
  const count = Number(row?.n ?? 0);
  return count <= limit ? count : null;
}

/** The planner's estimate of the orders matching `where` (statistics only, nothing is read), at least `floor`. */
export async function estimateOrders(tx: Tx, where: SQL | undefined, floor: number): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`explain (format json) select 1 from ${orders} where ${where ?? sql`true`}`),
  );
  const output = row ? Object.values(row)[0] : undefined;
  const plan = (typeof output === "string" ? JSON.parse(output) : output) as [
    { Plan: { "Plan Rows": number } },
  ];
  return Math.max(floor, Math.round(plan[0].Plan["Plan Rows"]));
}
