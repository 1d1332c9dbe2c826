import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderLine } from "../../core/orders/order-line.ts";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { decodeOrderKey } from "../db/order-cursor.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import { readCountedListPage, readCountedSearchPage } from "./counted-pages.ts";
import { EXACT_COUNT_LIMIT, EXACT_SEARCH_COUNT_LIMIT, estimateOrders } from "./order-count.ts";
import { type OrderFilter, orderFilterWhere } from "./order-filter.ts";
import { readLongListPage } from "./order-pages.ts";

export const ADMIN_ORDERS_PAGE_SIZE = 10;

export type AdminOrder = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "number"
  | "name"
  | "email"
  | "phone"
  | "shippingAddress"
  | "status"
  | "purchaseType"
  | "paymentMethod"
  | "subtotalCents"
  | "volumeDiscountCents"
  | "subscriptionDiscountCents"
  | "couponCode"
  | "couponDiscountCents"
  | "shippingCents"
  | "shippingRateName"
  | "taxCents"
  | "taxBasisPoints"
  | "taxState"
  | "totalCents"
  | "refundedCents"
  | "createdAt"
  | "carrier"
  | "carrierName"
  | "trackingNumber"
> & { items: OrderLine[] };

export type AdminOrderPage = {
  orders: AdminOrder[];
  /** Matching orders: exact up to the count limits (`order-count.ts`), above them the planner's estimate. */
  total: number;
  totalIsEstimate: boolean;
  page: number;
  pageCount: number;
  /**
   * Tokens for the links to the previous and next page of a long list (null on lists counted
   * exactly, which are read by page number): those pages are then read from this page's first or
   * last order on the index, as fast at page 50,000 as at page 2.
   */
  cursors: { previous: string | null; next: string | null };
};

export type AdminOrderListOptions = {
  /** Which orders (server/orders/order-filter.ts); its `q` is the search. */
  filter?: OrderFilter;
  /** The search alone (the command palette). */
  search?: string;
  page?: number;
  pageSize?: number;
  /** From a previous/next link: the page lies just after (older) or before (newer) this order. */
  after?: string | null;
  before?: string | null;
  /** Tests lower it to exercise long lists with a few orders. */
  exactCountLimit?: number;
};

const orderColumns = {
  id: orders.id,
  number: orders.number,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  shippingAddress: orders.shippingAddress,
  status: orders.status,
  purchaseType: orders.purchaseType,
  paymentMethod: orders.paymentMethod,
  subtotalCents: orders.subtotalCents,
  volumeDiscountCents: orders.volumeDiscountCents,
  subscriptionDiscountCents: orders.subscriptionDiscountCents,
  couponCode: orders.couponCode,
  couponDiscountCents: orders.couponDiscountCents,
  shippingCents: orders.shippingCents,
  shippingRateName: orders.shippingRateName,
  taxCents: orders.taxCents,
  taxBasisPoints: orders.taxBasisPoints,
  taxState: orders.taxState,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  createdAt: orders.createdAt,
  carrier: orders.carrier,
  carrierName: orders.carrierName,
  trackingNumber: orders.trackingNumber,
};

/** Unpaid orders (checkout started, never paid) are invisible in every list. */
const paid = eq(orders.paymentStatus, "paid");

/**
 * One page of paid orders, newest first, optionally filtered by a case-insensitive substring of
 * the buyer's name, email, the order id or the coupon code. Everything happens in the database on
 * indexes (partial btree on created_at, trigram GIN per searched column); at most a page of rows
 * ever leaves it. Lists of up to `EXACT_COUNT_LIMIT` orders (`EXACT_SEARCH_COUNT_LIMIT` matches of a
 * search) are counted exactly and read by page number; longer ones get an estimated total and
 * previous/next cursors (see `readLongListPage`).
 */
export async function listAdminOrders(db: Db, options: AdminOrderListOptions = {}): Promise<AdminOrderPage> {
  const size = options.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const filter: OrderFilter = {
    ...options.filter,
    ...(options.search !== undefined && { q: options.search }),
  };
  const searching = !!filter.q?.trim();
  const sort = filter.sort ?? "newest";
  const where = orderFilterWhere(filter);
  const requestedPage = Math.max(1, Math.floor(options.page ?? 1) || 1);
  return db.transaction(async (tx) => {
    // PostgreSQL switches a repeated prepared statement to a generic plan, which cannot see that a
    // search pattern is rare and walks the whole created_at index instead of the trigram indexes
    // (600 ms instead of 5 ms at 100k orders). Plan these queries with their actual parameters.
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    const limit = options.exactCountLimit ?? (searching ? EXACT_SEARCH_COUNT_LIMIT : EXACT_COUNT_LIMIT);
    const request = { limit, size, page: requestedPage, sort };
    const counted =
      searching || readsFewMatches(filter)
        ? await readCountedSearchPage(tx, where, request)
        : await readCountedListPage(tx, where, request);
    if (counted) {
      return {
        orders: await withDetails(tx, counted.ids),
        total: counted.total,
        totalIsEstimate: false,
        page: counted.page,
        pageCount: Math.max(1, Math.ceil(counted.total / size)),
        cursors: { previous: null, next: null },
      };
    }
    const total = await estimateOrders(tx, where, limit + 1);
    const read = await readLongListPage(tx, where, {
      size,
      page: requestedPage,
      pageCount: Math.ceil(total / size),
      after: decodeOrderKey(options.after),
      before: decodeOrderKey(options.before),
      sort,
    });
    const { ids, ...position } = read;
    return { orders: await withDetails(tx, ids), total, totalIsEstimate: true, ...position };
  });
}

/**
 * Filters whose few matches cannot be read in created_at order from an index: collected in one
 * read (from the notes, ~2,000 at 1M orders) and sorted, instead of walking the orders index
 * hoping a match turns up (a page 2 of orders with a note walked 10,000 orders). Same count limit
 * and same order, so the same page.
 */
const readsFewMatches = (filter: OrderFilter) => filter.note === "yes";

/** The full rows of the page's orders with their items, in the page's order. */
async function withDetails(tx: Tx, ids: string[]): Promise<AdminOrder[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(orderColumns)
    .from(orders)
    .where(and(paid, inArray(orders.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = await itemsOf(tx, ids);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, items: items.get(id) ?? [] }] : [];
  });
}

/** Paid orders with their items, in the order of `ids` (bulk packing slips); unknown ids are left out. */
export async function getAdminOrders(db: Db, ids: string[]): Promise<AdminOrder[]> {
  const wellFormed = ids.filter(isUuid);
  if (wellFormed.length === 0) return [];
  return db.transaction((tx) => withDetails(tx, wellFormed));
}

/** One paid order with its items (the packing slip), or null. */
export async function getAdminOrder(db: Db, id: string): Promise<AdminOrder | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(paid, eq(orders.id, id)));
  if (!row) return null;
  return { ...row, items: (await itemsOf(db, [id])).get(id) ?? [] };
}

async function itemsOf(db: Db | Tx, orderIds: string[]): Promise<Map<string, OrderLine[]>> {
  const map = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      id: orderItems.id,
      name: orderItems.name,
      weight: orderItems.weight,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      lineTotalCents: orderItems.lineTotalCents,
      imageUrl: orderItems.imageUrl,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.name));
  for (const { orderId, ...item } of rows) {
    const list = map.get(orderId) ?? [];
    list.push(item);
    map.set(orderId, list);
  }
  return map;
}
