import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import { ADMIN_PRODUCT_SORTS } from "../../core/catalog/admin-product-sorts.ts";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../core/catalog/stock.ts";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { collectionProducts, collections, products } from "../db/schema/index.ts";
import { PRODUCT_STATUSES } from "./status.ts";

/** Rows per page of /admin/products. */
export const ADMIN_PRODUCTS_PER_PAGE = 50;

type Sort = (typeof ADMIN_PRODUCT_SORTS)[number]["value"];
const sorts = ADMIN_PRODUCT_SORTS.map((s) => s.value) as [Sort, ...Sort[]];

const text = (max: number) =>
  z
    .string()
    .catch("")
    .transform((v) => v.replaceAll("\u0000", "").trim().replace(/\s+/g, " ").slice(0, max));

/**
 * The list's query string: nothing a URL can carry is an error. An unknown status, stock, sort
 * or a collection that is not a UUID is "any"; a cursor that does not decode is the first page.
 */
export const adminProductListQuery = z.object({
  q: text(100),
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  collection: z.string().uuid().optional().catch(undefined),
  stock: z.enum(["in", "low", "out"]).optional().catch(undefined),
  sort: z.enum(sorts).catch("newest"),
  after: z.string().max(500).optional().catch(undefined),
  before: z.string().max(500).optional().catch(undefined),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuery>;

export function readAdminProductListQuery(params: URLSearchParams): AdminProductListQuery {
  const read = (name: string) => params.get(name) || undefined;
  return adminProductListQuery.parse({
    q: read("q"),
    status: read("status"),
    collection: read("collection"),
    stock: read("stock"),
    sort: read("sort"),
    after: read("after"),
    before: read("before"),
  });
}

/** A position in the list: the sort key of a row and its id (keyset pagination). */
type Cursor = { k: string | number; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

const cursorShape = z.object({ k: z.union([z.string().max(300), z.number().int()]), id: z.string().uuid() });
function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Each sort's key column and direction; every one has an index ending in id (schema). */
function sortKey(sort: Sort) {
  switch (sort) {
    case "name":
      return { column: products.name, descending: false };
    case "price-asc":
      return { column: products.priceCents, descending: false };
    case "price-desc":
      return { column: products.priceCents, descending: true };
    default:
      return { column: products.createdAt, descending: true };
  }
}

// created_at as PostgreSQL prints it: microseconds kept (a JS Date would cut them to ms).
const keyOf = (sort: Sort, row: { name: string; priceCents: number; createdKey: string }) =>
  sort === "name" ? row.name : sort.startsWith("price") ? row.priceCents : row.createdKey;

/** Live variants of the product (correlated subqueries on product_variants_product_idx). */
const liveVariants = sql`from product_variants v where v.product_id = products.id and v.archived_at is null`;
const lowStock = sql`exists (select 1 ${liveVariants} and v.stock_quantity > 0
  and v.stock_quantity <= coalesce(v.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}))`;

/** A search that matches at most this many products is listed by their ids (searchFilter). */
export const FEW_MATCHES = 2_000;

/**
 * The search: name contains the words (trigram index on name), or a live variant's SKU contains
 * them (trigram index on upper(sku)). % and _ are literal.
 *
 * Said as one condition ("name matches OR id in the SKU matches"), PostgreSQL cannot use the
 * name's trigram index and reads every name: ~175 ms at 100,000 products for a product looked for
 * by name, the usual search. So the ids matching either way are first read through both indexes,
 * stopping after `few`: when there are no more, the list is those ids. A broad search (a common
 * word) keeps the one condition, which finds a page by walking the sort's index (it meets matches
 * early); collecting all of its ids first made it 4–8× slower (docs/performance.md).
 */
async function searchFilter(db: Db, q: string, few = FEW_MATCHES): Promise<SQL | undefined> {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const skuMatches = sql`select v.product_id from product_variants v
    where upper(v.sku) like upper(${pattern}) and v.archived_at is null`;
  // UNION ALL streams (a product matched twice counts twice here); UNION would read every match.
  const found = await db.execute<{ id: string }>(sql`
    select id from products where ${ilike(products.name, pattern)}
    union all ${skuMatches} limit ${few + 1}`);
  const rows = rowsOf<{ id: string }>(found);
  if (rows.length <= few) {
    const ids = [...new Set(rows.map((row) => row.id))];
    return ids.length > 0 ? inArray(products.id, ids) : sql`false`;
  }
  return or(ilike(products.name, pattern), sql`${products.id} in (${skuMatches})`);
}

function filterWhere(query: AdminProductListQuery, search: SQL | undefined): SQL | undefined {
  return and(
    search,
    query.status ? eq(products.status, query.status) : undefined,
    query.stock === "out" ? eq(products.soldOut, true) : undefined,
    query.stock === "in" ? eq(products.soldOut, false) : undefined,
    query.stock === "low" ? lowStock : undefined,
  );
}

function narrowed<T extends PgSelect>(select: T, query: AdminProductListQuery) {
  const joined = query.collection
    ? select.innerJoin(
        collectionProducts,
        and(
          eq(collectionProducts.productId, products.id),
          eq(collectionProducts.collectionId, query.collection),
        ),
      )
    : select;
  return joined;
}

export type AdminProductListRow = typeof products.$inferSelect & {
  createdKey: string;
  variantCount: number;
  stockTotal: number | null;
  held: number;
};

export type AdminProductListPage = {
  rows: AdminProductListRow[];
  total: number;
  /** Cursors of the next and previous pages; null at either end. */
  next: string | null;
  previous: string | null;
};

/**
 * One page of the admin list: WHERE the filters AND (key, id) past the cursor, ORDER BY the
 * sort's index, LIMIT a page and one more (to know whether there is a next page). A `before`
 * cursor reads backwards from it and turns the rows round. Cost does not grow with the page
 * number, unlike OFFSET.
 */
export async function listAdminProductPage(
  db: Db,
  query: AdminProductListQuery,
  few = FEW_MATCHES,
): Promise<AdminProductListPage> {
  const search = await searchFilter(db, query.q, few);
  const { column, descending } = sortKey(query.sort);
  const before = decodeCursor(query.before);
  const after = before ? null : decodeCursor(query.after);
  const cursor = before ?? after;
  const backwards = Boolean(before);
  // Reading forwards in a descending sort, or backwards in an ascending one, goes down the index.
  const down = descending !== backwards;
  const keyValue = (c: Cursor) => (query.sort === "newest" ? sql`${String(c.k)}::timestamptz` : c.k);
  const past = cursor
    ? down
      ? sql`(${column}, ${products.id}) < (${keyValue(cursor)}, ${cursor.id})`
      : sql`(${column}, ${products.id}) > (${keyValue(cursor)}, ${cursor.id})`
    : undefined;
  const order = orderFor(query.sort, down);

  const [rows, [counted]] = await Promise.all([
    narrowed(
      db
        .select({ ...getTableColumns(products), ...rowExtras })
        .from(products)
        .$dynamic(),
      query,
    )
      .where(and(filterWhere(query, search), past))
      .orderBy(...order)
      .limit(ADMIN_PRODUCTS_PER_PAGE + 1),
    narrowed(db.select({ total: count() }).from(products).$dynamic(), query).where(
      filterWhere(query, search),
    ),
  ]);
  const more = rows.length > ADMIN_PRODUCTS_PER_PAGE;
  const page = rows.slice(0, ADMIN_PRODUCTS_PER_PAGE);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const at = (row: AdminProductListRow) => encodeCursor({ k: keyOf(query.sort, row), id: row.id });
  return {
    rows: page,
    total: counted?.total ?? 0,
    next: last && (backwards || more) ? at(last) : null,
    previous: first && (backwards ? more : Boolean(cursor)) ? at(first) : null,
  };
}

/**
 * The ORDER BY that is an index range. The created_at indexes are DESC NULLS LAST (as drizzle
 * writes them) while a plain DESC means NULLS FIRST: said out loud, or PostgreSQL sorts the whole
 * table instead (1.8 s against 1 ms at 100,000 products).
 */
function orderFor(sort: Sort, down: boolean): SQL[] {
  const { column } = sortKey(sort);
  if (sort === "newest")
    return down
      ? [sql`${column} desc nulls last`, sql`${products.id} desc nulls last`]
      : [sql`${column} asc nulls first`, sql`${products.id} asc nulls first`];
  return down ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
}

// Plain SQL: drizzle would print products.id unqualified in a one-table select.
const rowExtras = {
  createdKey: sql<string>`products.created_at::text`,
  variantCount: sql<number>`(select count(*)::int ${liveVariants})`,
  stockTotal: sql<number | null>`(select sum(v.stock_quantity)::int ${liveVariants})`,
  held: sql<number>`(select coalesce(sum(r.quantity), 0)::int from stock_reservations r
    join product_variants v on v.id = r.variant_id where v.product_id = products.id and r.expires_at > now())`,
};

/** Every collection, published or not, for the filter menu. */
export function listCollectionChoices(db: Db) {
  return db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .orderBy(asc(collections.position), asc(collections.id));
}
