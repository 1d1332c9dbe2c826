import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  FULFILMENT_FILTERS,
  NOTE_FILTERS,
  ORDER_SORTS,
  PAYMENT_FILTERS,
  PURCHASE_TYPES,
} from "../../core/orders/order-filter-options.ts";
import { isStorableText, isUuid } from "../db/ids.ts";
import { orderNotes, orders } from "../db/schema/index.ts";
import { ORDER_STATUSES } from "./status.ts";

/**
 * The admin orders filter: one definition of "which orders" for the list, its CSV export, saved
 * views and bulk actions ("all N matching this filter"). It lives in the URL of /admin/orders
 * (`?status=shipped&from=2026-01-01&…`), so a filtered list can be shared and the back button
 * returns to the previous filter. Only paid orders are ever listed.
 *
 * Parameters:
 * - `q`: search (name, email, order number #1001 or id, coupon code; substring)
 * - `status`: pending | processing | shipped | delivered | cancelled (repeat or comma-separate for several)
 * - `payment`: paid (nothing refunded) | refunded (in full) | partially_refunded
 * - `fulfilment`: unfulfilled (pending or processing) | shipped | delivered
 * - `from`, `to`: placed on or after / on or before a day, YYYY-MM-DD in UTC
 * - `sku`: an item with this SKU (exact, any case); `product`: an item of this product (its id)
 * - `coupon`: this coupon code (exact, any case)
 * - `type`: one_time | subscription
 * - `note`: yes (has an internal note) | no
 * - `sort`: newest (default) | oldest
 */

export { FULFILMENT_FILTERS, ORDER_SORTS, PAYMENT_FILTERS, PURCHASE_TYPES };

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "Not a real date",
  );

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isStorableText, "Contains a character that cannot be searched");

/** Each field of the filter on its own: a bad one is dropped with its message, the rest still apply. */
export const orderFilterFields = {
  q: text(200),
  status: z.array(z.enum(ORDER_STATUSES, "Not an order status")).min(1).max(ORDER_STATUSES.length),
  payment: z.enum(PAYMENT_FILTERS, "Choose paid, refunded or partially_refunded"),
  fulfilment: z.enum(FULFILMENT_FILTERS, "Choose unfulfilled, shipped or delivered"),
  from: day,
  to: day,
  sku: text(100).pipe(z.string().min(1)),
  product: z.string().refine(isUuid, "Not a product id"),
  coupon: text(64).pipe(z.string().min(1)),
  type: z.enum(PURCHASE_TYPES, "Choose one_time or subscription"),
  note: z.enum(NOTE_FILTERS, "Choose yes or no"),
  sort: z.enum(ORDER_SORTS, "Choose newest or oldest"),
} as const;

/** The whole filter (zod), e.g. for a JSON body naming a filter (bulk actions). */
export const orderFilterSchema = z
  .object(
    Object.fromEntries(Object.entries(orderFilterFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof orderFilterFields]: z.ZodOptional<(typeof orderFilterFields)[K]>;
    },
  )
  .strict();

export type OrderFilter = z.infer<typeof orderFilterSchema>;
export type OrderFilterField = keyof typeof orderFilterFields;

/** What a person reads for each parameter (messages about a bad value name the field). */
export const orderFilterLabels: Record<OrderFilterField, string> = {
  q: "Search",
  status: "Status",
  payment: "Payment",
  fulfilment: "Fulfilment",
  from: "Placed from",
  to: "Placed to",
  sku: "SKU",
  product: "Product",
  coupon: "Coupon",
  type: "Purchase type",
  note: "Has note",
  sort: "Sort",
};

export type OrderFilterProblem = { field: OrderFilterField; message: string };

/**
 * The filter in a URL's parameters. Never throws: an empty parameter means "any", an unknown
 * parameter is ignored, a bad value is left out and reported (field and reason) so the page can say
 * so while showing the rest. A range whose end is before its start is reported and dropped.
 */
export function parseOrderFilter(params: URLSearchParams): {
  filter: OrderFilter;
  problems: OrderFilterProblem[];
} {
  const filter: Record<string, unknown> = {};
  const problems: OrderFilterProblem[] = [];
  for (const field of Object.keys(orderFilterFields) as OrderFilterField[]) {
    const raw = rawValue(params, field);
    if (raw === undefined) continue;
    const parsed = orderFilterFields[field].safeParse(raw);
    if (parsed.success) filter[field] = parsed.data;
    else problems.push({ field, message: parsed.error.issues[0]?.message ?? "Not understood" });
  }
  const result = filter as OrderFilter;
  if (result.from && result.to && result.to < result.from) {
    problems.push({ field: "to", message: "The end date is before the start date" });
    delete result.to;
  }
  if (result.sort === "newest") delete result.sort;
  if (result.q === "") delete result.q;
  return { filter: result, problems };
}

function rawValue(params: URLSearchParams, field: OrderFilterField): unknown {
  const values = params.getAll(field).filter((v) => v.trim() !== "");
  if (values.length === 0) return undefined;
  if (field === "status") {
    const list = [...new Set(values.flatMap((v) => v.split(",")).map((v) => v.trim()))].filter(Boolean);
    return list.length > 0 ? list : undefined;
  }
  // A repeated single-valued parameter: the last one wins, as in a form.
  return values.at(-1);
}

/** The filter back as URL parameters, in a fixed order (saved views compare and store this). */
export function orderFilterParams(filter: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of Object.keys(orderFilterFields) as OrderFilterField[]) {
    const value = filter[field];
    if (value === undefined || value === "") continue;
    if (field === "sort" && value === "newest") continue;
    params.set(field, Array.isArray(value) ? [...value].sort().join(",") : String(value));
  }
  return params;
}

export const isEmptyFilter = (filter: OrderFilter) =>
  Object.entries(filter).every(([k, v]) => k === "sort" || v === undefined);

/** Unpaid orders (checkout started, never paid) are invisible in every list. */
const paid = eq(orders.paymentStatus, "paid");

const fulfilmentStatuses = {
  unfulfilled: ["pending", "processing"],
  shipped: ["shipped"],
  delivered: ["delivered"],
} as const;

/**
 * The Drizzle where-clause of the paid orders matching `filter` (on `orders`; notes are probed
 * with EXISTS). Every condition is served by an index (see the orders schema).
 */
export function orderFilterWhere(filter: OrderFilter): SQL {
  return and(
    paid,
    searchCondition(filter.q),
    filter.status ? inArray(orders.status, filter.status) : undefined,
    filter.fulfilment ? inArray(orders.status, [...fulfilmentStatuses[filter.fulfilment]]) : undefined,
    paymentCondition(filter.payment),
    filter.from ? gte(orders.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(orders.createdAt, startOfDay(filter.to, 1)) : undefined,
    filter.type ? eq(orders.purchaseType, filter.type) : undefined,
    filter.coupon ? eq(orders.couponCode, filter.coupon.toUpperCase()) : undefined,
    // The order's own lists of its items' SKUs and products (GIN), kept by a trigger on items
    // (migrations 0056 and 0059).
    filter.sku ? sql`${orders.skus} @> array[${filter.sku.toLowerCase()}]::text[]` : undefined,
    filter.product ? sql`${orders.productIds} @> array[${filter.product}]::uuid[]` : undefined,
    noteCondition(filter.note),
  ) as SQL;
}

function paymentCondition(payment: OrderFilter["payment"]): SQL | undefined {
  // Refunds are read from refunded_cents against the total (decision 034).
  if (payment === "paid") return eq(orders.refundedCents, 0);
  if (payment === "refunded")
    return sql`${orders.refundedCents} > 0 and ${orders.refundedCents} >= ${orders.totalCents}`;
  if (payment === "partially_refunded")
    return sql`${orders.refundedCents} > 0 and ${orders.refundedCents} < ${orders.totalCents}`;
  return undefined;
}

function noteCondition(note: OrderFilter["note"]): SQL | undefined {
  if (!note) return undefined;
  const anyNote = sql`exists (select 1 from ${orderNotes} where ${orderNotes.orderId} = ${orders.id})`;
  return note === "yes" ? anyNote : sql`not ${anyNote}`;
}

/** Midnight UTC of a YYYY-MM-DD day, `plusDays` later. */
function startOfDay(dayText: string, plusDays = 0): Date {
  const date = new Date(`${dayText}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

function searchCondition(search: string | undefined): SQL | undefined {
  // A NUL byte cannot be in PostgreSQL text: it is dropped rather than failing the query.
  const typed = search?.replaceAll("\u0000", "").trim() ?? "";
  // "#1001" as people say it is the order number, and only that: not every order whose hash id
  // happens to contain 1001.
  const said = /^#(\d{1,9})$/.exec(typed);
  if (said) return eq(orders.number, Number(said[1]));
  const term = typed.replace(/^#/, "");
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The short order number matches exactly (its unique index); the hash id by substring, as before.
  const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
  return or(
    ilike(orders.name, pattern),
    ilike(orders.email, pattern),
    sql`${orders.id}::text ilike ${pattern}`,
    ilike(orders.couponCode, pattern),
    number !== null ? eq(orders.number, number) : undefined,
  );
}
