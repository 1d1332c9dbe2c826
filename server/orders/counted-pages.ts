import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { orders } from "../db/schema/index.ts";
import { countUpTo } from "./order-count.ts";
import { idsFrom, type ListSort } from "./order-pages.ts";

export type CountedPage = { total: number; page: number; ids: string[] };
type Request = { limit: number; size: number; page: number; sort: ListSort };

const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * A page of the unfiltered list by number, with its exact total; null when more than `limit`
 * orders exist (the count stops there).
 */
export async function readCountedListPage(
  tx: Tx,
  where: SQL | undefined,
  { limit, size, page, sort }: Request,
): Promise<CountedPage | null> {
  const total = await countUpTo(tx, where, limit);
  if (total === null) return null;
  const shown = Math.min(page, pageCountOf(total, size));
  return {
    total,
    page: shown,
    ids: await idsFrom(tx, where, { offset: (shown - 1) * size, limit: size, sort }),
  };
}

/**
 * A page of a search by number, with its exact total, from one read of the matches (each is a heap
 * row to re-check); null when more than `limit` match. The matches are collected through the
 * trigram indexes by a CTE planned as if all were wanted, then sorted: left to itself, the planner
 * walks the created_at index hoping a match turns up early (130 ms for a rare email at 100k orders
 * instead of 2 ms).
 */
export async function readCountedSearchPage(
  tx: Tx,
  where: SQL | undefined,
  { limit, size, page, sort }: Request,
): Promise<CountedPage | null> {
  const direction = sort === "oldest" ? sql`asc` : sql`desc`;
  const read = async (shown: number) =>
    rowsOf<{ total: number; id: string | null }>(
      await tx.execute(sql`
        with matches as materialized (
          select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${where}
        ),
        capped as materialized (select id, created_at from matches limit ${limit + 1})
        select counted.total, paged.id
        from (select count(*)::int as total from capped) as counted
        left join lateral (
          select id from capped order by created_at ${direction}, id ${direction} limit ${size} offset ${(shown - 1) * size}
        ) as paged on true`),
    );
  let rows = await read(page);
  const total = Number(rows[0]?.total ?? 0);
  if (total > limit) return null;
  const shown = Math.min(page, pageCountOf(total, size));
  if (shown !== page) rows = await read(shown);
  return { total, page: shown, ids: rows.flatMap((r) => (r.id ? [r.id] : [])) };
}
