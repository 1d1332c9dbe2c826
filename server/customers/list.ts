import { type AnyColumn, and, eq, gt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { isStorableText, isUuid } from "../db/ids.ts";
import { customers } from "../db/schema/index.ts";
import { isTimestampText } from "../db/timestamps.ts";

export const CUSTOMERS_PER_PAGE = 50;

export const customerSorts = ["last-order", "spent", "orders", "newest"] as const;
export type CustomerSort = (typeof customerSorts)[number];

/**
 * Each sort is one index (schema/customers.ts): its value, descending, then the id. `time` says
 * how a page position's value is read back from the URL.
 */
const sortKeys: Record<CustomerSort, { value: SQL; kind: "time" | "number" }> = {
  "last-order": { value: sql`coalesce(${customers.lastOrderAt}, '-infinity'::timestamptz)`, kind: "time" },
  spent: { value: sql`${customers.totalSpentCents}`, kind: "number" },
  orders: { value: sql`${customers.orderCount}`, kind: "number" },
  newest: { value: sql`${customers.createdAt}`, kind: "time" },
};

const yesNo = z.enum(["yes", "no"]).optional().catch(undefined);

/** The list's query string, forgiving: a bad value falls back to its default (never a 500). */
export const customerQuerySchema = z.object({
  q: z.string().trim().max(200).refine(isStorableText).catch(""),
  orders: yesNo,
  subscriber: yesNo,
  marketing: yesNo,
  tag: z.string().trim().max(40).refine(isStorableText).catch(""),
  sort: z.enum(customerSorts).catch("last-order"),
  after: z.string().max(120).optional().catch(undefined),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

type Position = { value: string; id: string };

/** A page position `<value>~<id>` for this sort, or null when it is not one (the list starts over). */
export function parsePosition(text: string | undefined, sort: CustomerSort): Position | null {
  if (!text) return null;
  const at = text.lastIndexOf("~");
  const value = text.slice(0, at);
  const id = text.slice(at + 1);
  if (at < 0 || !isUuid(id)) return null;
  const valid =
    sortKeys[sort].kind === "time"
      ? value === "-infinity" || isTimestampText(value)
      : /^-?\d{1,15}$/.test(value);
  return valid ? { value, id } : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Name, email or phone contains the text (phone compared by its digits). */
function searchFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const text = `%${escapeLike(q.toLowerCase())}%`;
  const digits = q.replace(/\D/g, "");
  return sql`(lower(${customers.name}) like ${text} or ${customers.emailKey} like ${text}${
    digits.length >= 3
      ? sql` or regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : sql``
  })`;
}

const flag = (column: AnyColumn, answer: "yes" | "no" | undefined) =>
  answer === undefined ? undefined : answer === "yes" ? sql`${column}` : sql`not ${column}`;

export function customerFilter(query: CustomerQuery): SQL | undefined {
  return and(
    searchFilter(query.q),
    query.orders === undefined
      ? undefined
      : query.orders === "yes"
        ? gt(customers.orderCount, 0)
        : eq(customers.orderCount, 0),
    flag(customers.subscriber, query.subscriber),
    flag(customers.acceptsMarketing, query.marketing),
    query.tag ? sql`${customers.tags} @> array[${query.tag.toLowerCase()}]::text[]` : undefined,
  );
}

function afterPosition(sort: CustomerSort, position: Position | null): SQL | undefined {
  if (!position) return undefined;
  const { value, kind } = sortKeys[sort];
  const typed = kind === "time" ? sql`${position.value}::timestamptz` : sql`${position.value}::bigint`;
  return sql`(${value}, ${customers.id}) < (${typed}, ${position.id}::uuid)`;
}

export type CustomerRow = {
  id: string;
  userId: string | null;
  email: string;
  name: string | null;
  phone: string | null;
  orderCount: number;
  totalSpentCents: number;
  lastOrderAt: Date | null;
  subscriber: boolean;
  acceptsMarketing: boolean;
  tags: string[];
  createdAt: Date;
};

/** One page of customers in the chosen order, with the position of the next page (null on the last). */
export async function listCustomers(db: Db, input: CustomerQuery, size = CUSTOMERS_PER_PAGE) {
  // Without orders, last order, spend and count are equal for everyone: the order is the newest
  // first (its index; the others would read past every customer with orders first).
  const query: CustomerQuery = input.orders === "no" ? { ...input, sort: "newest" } : input;
  const { value } = sortKeys[query.sort];
  const rows = await db
    .select({
      id: customers.id,
      userId: customers.userId,
      email: customers.emailKey,
      name: customers.name,
      phone: customers.phone,
      orderCount: customers.orderCount,
      totalSpentCents: customers.totalSpentCents,
      lastOrderAt: customers.lastOrderAt,
      subscriber: customers.subscriber,
      acceptsMarketing: customers.acceptsMarketing,
      tags: customers.tags,
      createdAt: customers.createdAt,
      key: sql<string>`(${value})::text`,
    })
    .from(customers)
    .where(and(customerFilter(query), afterPosition(query.sort, parsePosition(query.after, query.sort))))
    .orderBy(sql`${value} desc`, sql`${customers.id} desc`)
    .limit(size);
  const last = rows.at(-1);
  const next = rows.length === size && last ? `${last.key}~${last.id}` : null;
  return { rows: rows.map(({ key: _key, ...row }): CustomerRow => row), next };
}
