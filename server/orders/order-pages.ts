import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { encodeOrderKey, type OrderKey } from "../db/order-cursor.ts";
import { orders } from "../db/schema/index.ts";

/** The list's order: newest first (the default) or oldest first. */
export type ListSort = "newest" | "oldest";

type Walk = {
  /** Which end of the list (top: its first page) the walk starts from. */
  from: "top" | "bottom";
  sort: ListSort;
  limit: number;
  offset?: number;
  /** Start just past this order instead of at the end of the index. */
  beyond?: OrderKey | null;
};

/** Keys of matching orders along the created_at index, always returned in the list's order. */
async function walk(tx: Tx, where: SQL | undefined, { from, sort, limit, offset = 0, beyond }: Walk) {
  // Walking down a newest-first list, or up an oldest-first one, reads the index newest first.
  const newest = (from === "top") === (sort === "newest");
  const key = sql`(${orders.createdAt}, ${orders.id})`;
  const position = beyond
    ? sql`${key} ${newest ? sql`<` : sql`>`} (${beyond.createdAt}::timestamptz, ${beyond.id}::uuid)`
    : undefined;
  const rows: OrderKey[] = await tx
    .select({ id: orders.id, createdAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(where, position))
    .orderBy(
      ...(newest ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)]),
    )
    .limit(limit)
    .offset(offset);
  return from === "top" ? rows : rows.reverse();
}

/** Ids of one page counted from the newest order (lists short enough for OFFSET). */
export async function idsFrom(
  tx: Tx,
  where: SQL | undefined,
  range: { offset: number; limit: number; sort: ListSort },
) {
  return (await walk(tx, where, { from: "top", ...range })).map((k) => k.id);
}

type LongListRequest = {
  size: number;
  /** The page number asked for; with a cursor only the label of the page read. */
  page: number;
  /** From the estimated total. */
  pageCount: number;
  after: OrderKey | null;
  before: OrderKey | null;
  sort: ListSort;
};

export type LongListPage = {
  ids: string[];
  page: number;
  pageCount: number;
  cursors: { previous: string | null; next: string | null };
};

/**
 * A page of a list too long to count (its total is an estimate). The links the admin follows are all
 * cheap: the first and last pages are read from the two ends of the index, the previous and next
 * pages from the cursor of the page shown (a keyset seek), so every page reached through the
 * pagination costs the same as the first. Only a page number typed into the URL falls back to
 * OFFSET, from the nearer end. The page count adapts when the estimate turns out too high or low.
 */
export async function readLongListPage(
  tx: Tx,
  where: SQL | undefined,
  request: LongListRequest,
): Promise<LongListPage> {
  const { size, page, pageCount, after, before, sort } = request;
  const first = async () => {
    const keys = await walk(tx, where, { from: "top", sort, limit: size + 1 });
    return pageOf(keys.slice(0, size), 1, keys.length > size, pageCount);
  };
  const last = async () =>
    pageOf(await walk(tx, where, { from: "bottom", sort, limit: size }), pageCount, false, pageCount);

  if (after) {
    const keys = await walk(tx, where, { from: "top", sort, beyond: after, limit: size + 1 });
    // Nothing older than the cursor: the list shrank under the admin; show its end.
    return keys.length
      ? pageOf(keys.slice(0, size), Math.max(2, page), keys.length > size, pageCount)
      : last();
  }
  if (before) {
    const keys = await walk(tx, where, { from: "bottom", sort, beyond: before, limit: size + 1 });
    // Fewer than a page newer than the cursor: that is the first page.
    return keys.length > size ? pageOf(keys.slice(1), Math.max(2, page), true, pageCount) : first();
  }
  if (page <= 1) return first();
  if (page >= pageCount) return last();
  const fromOldest = page - 1 > pageCount - page;
  const keys = fromOldest
    ? await walk(tx, where, { from: "bottom", sort, offset: (pageCount - page) * size, limit: size })
    : await walk(tx, where, { from: "top", sort, offset: (page - 1) * size, limit: size + 1 });
  if (keys.length === 0) return last();
  return pageOf(keys.slice(0, size), page, fromOldest || keys.length > size, pageCount);
}

function pageOf(keys: OrderKey[], page: number, hasOlder: boolean, pageCount: number): LongListPage {
  const [newest, oldest] = [keys[0], keys.at(-1)];
  return {
    ids: keys.map((k) => k.id),
    page,
    pageCount: hasOlder ? Math.max(pageCount, page + 1) : page,
    cursors: {
      previous: page > 1 && newest ? encodeOrderKey(newest) : null,
      next: hasOlder && oldest ? encodeOrderKey(oldest) : null,
    },
  };
}
