import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { SubscriptionStatus } from "../../core/orders/subscription-status.ts";
import { renewalPrice } from "../../core/pricing/recurring-price.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders, subscriptions, user } from "../db/schema/index.ts";
import { listSubscriptionEvents, type SubscriptionEvent } from "./events.ts";
import { firstOrderNumber } from "./first-order.ts";

export const ADMIN_SUBSCRIPTIONS_PAGE_SIZE = 20;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type AdminSubscription = Pick<
  SubscriptionRow,
  | "id"
  | "provider"
  | "providerSubscriptionId"
  | "status"
  | "items"
  | "currentPeriodEnd"
  | "cancelAtPeriodEnd"
  | "canceledAt"
  | "createdAt"
> & {
  customerEmail: string | null;
  customerName: string | null;
  monthlyPriceCents: number;
  firstOrderNumber: number | null;
};

export type AdminSubscriptionPage = {
  subscriptions: AdminSubscription[];
  total: number;
  page: number;
  pageCount: number;
};

const columns = {
  id: subscriptions.id,
  provider: subscriptions.provider,
  providerSubscriptionId: subscriptions.providerSubscriptionId,
  status: subscriptions.status,
  items: subscriptions.items,
  discountBasisPoints: subscriptions.discountBasisPoints,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  canceledAt: subscriptions.canceledAt,
  createdAt: subscriptions.createdAt,
  customerEmail: user.email,
  customerName: user.name,
  firstOrderNumber,
};

function toAdminSubscription({
  discountBasisPoints,
  ...row
}: {
  discountBasisPoints: number;
} & Omit<AdminSubscription, "monthlyPriceCents">): AdminSubscription {
  return { ...row, monthlyPriceCents: renewalPrice({ items: row.items, discountBasisPoints }).totalCents };
}

/** One page of subscriptions, newest first, optionally of one status; paged in the database. */
export async function listAdminSubscriptions(
  db: Db,
  options: { status?: SubscriptionStatus; page?: number; pageSize?: number } = {},
): Promise<AdminSubscriptionPage> {
  const size = options.pageSize ?? ADMIN_SUBSCRIPTIONS_PAGE_SIZE;
  const where: SQL | undefined = options.status ? eq(subscriptions.status, options.status) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(subscriptions).where(where);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
  const rows = await db
    .select(columns)
    .from(subscriptions)
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(size)
    .offset((page - 1) * size);
  return { subscriptions: rows.map(toAdminSubscription), total, page, pageCount };
}

export type SubscriptionOrder = {
  id: string;
  number: number | null;
  createdAt: Date;
  totalCents: number;
  status: (typeof orders.$inferSelect)["status"];
  /** The checkout that started the subscription, or one of its monthly renewals. */
  kind: "first" | "renewal";
};

/** One subscription with its paid orders and its history (both newest first), or null. */
export async function getAdminSubscription(
  db: Db,
  id: string,
): Promise<(AdminSubscription & { orders: SubscriptionOrder[]; events: SubscriptionEvent[] }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(columns)
    .from(subscriptions)
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(eq(subscriptions.id, id));
  if (!row) return null;
  const paidOrders = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.subscriptionId, id), eq(orders.paymentStatus, "paid")))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  // The first order was made when checkout started, before its subscription existed.
  const withKind = paidOrders.map((order) => ({
    ...order,
    kind: order.createdAt <= row.createdAt ? ("first" as const) : ("renewal" as const),
  }));
  return { ...toAdminSubscription(row), orders: withKind, events: await listSubscriptionEvents(db, id) };
}
