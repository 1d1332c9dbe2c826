import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { csvDate, csvDollars } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { keyText, nextKey, olderThan, type TimeKey } from "../db/keyset.ts";
import { customers, orders, user } from "../db/schema/index.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "./csv-stream.ts";

export const CUSTOMER_CSV_HEADER = [
  "User ID",
  "Name",
  "Email",
  "Role",
  "Email verified",
  "Created at",
  "Paid orders",
  "Total spent",
] as const;

/** Accounts first, then guest customers (guest buyers and imported customers), each newest first. */
type Cursor = { part: "accounts" | "guests"; key: TimeKey | null };

/**
 * Every account, newest first, with its paid orders counted and summed per batch (one query
 * each); then every guest customer (no account: a guest buyer, or a customer imported from
 * another shop's CSV), with "guest" as its role and its figures from the customers table.
 */
export function customerCsvExport(db: Db, options: { batchSize?: number } = {}): CsvExport<Cursor> {
  const size = options.batchSize ?? EXPORT_BATCH_SIZE;
  return {
    header: CUSTOMER_CSV_HEADER,
    async readBatch(cursor) {
      if (cursor?.part === "guests") return guestBatch(db, cursor.key, size);
      const batch = await accountBatch(db, cursor?.key ?? null, size);
      if (batch.next) return { rows: batch.rows, next: { part: "accounts", key: batch.next } };
      // The accounts' last batch goes on with the first guests: a batch is never empty before the end.
      const guests = await guestBatch(db, null, size);
      return { rows: [...batch.rows, ...guests.rows], next: guests.next };
    },
  };
}

async function guestBatch(db: Db, cursor: TimeKey | null, size: number) {
  const guests = await db
    .select({
      id: customers.id,
      key: keyText(customers.createdAt),
      name: customers.name,
      email: customers.emailKey,
      createdAt: customers.createdAt,
      orderCount: customers.orderCount,
      spentCents: customers.totalSpentCents,
    })
    .from(customers)
    .where(and(isNull(customers.userId), olderThan(customers.createdAt, customers.id, cursor, "uuid")))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(size);
  const next = nextKey(guests, size);
  return {
    rows: guests.map((g) => [
      "",
      g.name ?? "",
      g.email,
      "guest",
      "no",
      csvDate(g.createdAt),
      g.orderCount,
      csvDollars(g.spentCents),
    ]),
    next: next && { part: "guests" as const, key: next },
  };
}

async function accountBatch(db: Db, cursor: TimeKey | null, size: number) {
  const users = await db
    .select({
      id: user.id,
      key: keyText(user.createdAt),
      name: user.name,
      email: user.email,
      role: user.role,
      verified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(olderThan(user.createdAt, user.id, cursor, "text"))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(size);
  const spent = await spendingOf(
    db,
    users.map((u) => u.id),
  );
  return {
    rows: users.map((u) => {
      const s = spent.get(u.id);
      return [
        u.id,
        u.name,
        u.email,
        u.role,
        u.verified ? "yes" : "no",
        csvDate(u.createdAt),
        s?.count ?? 0,
        csvDollars(s?.cents ?? 0),
      ];
    }),
    next: nextKey(users, size),
  };
}

async function spendingOf(db: Db, userIds: string[]) {
  const totals = new Map<string, { count: number; cents: number }>();
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: orders.userId,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.paymentStatus, "paid"), inArray(orders.userId, userIds)))
    .groupBy(orders.userId);
  for (const row of rows) if (row.userId) totals.set(row.userId, { count: row.count, cents: row.cents });
  return totals;
}
