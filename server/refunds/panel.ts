import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders, refunds, user } from "../db/schema/index.ts";
import { refundableItems } from "./amount.ts";

/** One refund of the history: who (the admin, or the provider's dashboard), when, why, how much, status. */
export type RefundHistoryEntry = {
  id: string;
  amountCents: number;
  reason: string;
  status: "pending" | "succeeded" | "failed";
  source: "admin" | "provider";
  by: string | null;
  createdAt: Date;
};

/**
 * What the admin's refund dialog needs for one paid order: what is left to refund, the lines
 * with their paid amounts and refundable units, and the refund history (newest first). Null when
 * there is no such paid order.
 */
export async function getRefundPanel(db: Db, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.paymentStatus !== "paid") return null;
  const [items, history] = await Promise.all([refundableItems(db, order), refundHistory(db, orderId)]);
  const held = history.filter((r) => r.status === "pending").reduce((sum, r) => sum + r.amountCents, 0);
  return {
    orderId: order.id,
    provider: order.provider,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    remainingCents: order.totalCents - order.refundedCents - held,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      weight: item.weight,
      quantity: item.quantity,
      paidCents: item.paidCents,
      refundableUnits: item.refundableUnits,
    })),
    history,
  };
}

export type RefundPanel = NonNullable<Awaited<ReturnType<typeof getRefundPanel>>>;

async function refundHistory(db: Db, orderId: string): Promise<RefundHistoryEntry[]> {
  return db
    .select({
      id: refunds.id,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      status: refunds.status,
      source: refunds.source,
      by: user.email,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .leftJoin(user, eq(user.id, refunds.createdBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt));
}
