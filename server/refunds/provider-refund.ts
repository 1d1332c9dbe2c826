import { and, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders, refunds } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ProviderRefundEvent } from "../payments/events.ts";
import { refundableItems } from "./amount.ts";
import { sendRefundEmail } from "./email.ts";
import { lockPaidOrder, recordRefund, refundableCents } from "./record.ts";

export type ProviderRefundDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  publicUrl: string;
  log?: Pick<Logger, "warn" | "error">;
};

const dashboardReason = {
  stripe: "Refunded in the Stripe dashboard",
  paypal: "Refunded in the PayPal dashboard",
};

/**
 * A refund the provider reports: the echo of our own refund finishes its row (once — recordRefund
 * counts a refund only on its way from pending), and a refund made in the provider's dashboard is
 * added by its provider refund id (unique per provider), so a repeated event counts it once.
 * Returns whether it was known (an order of ours).
 */
export async function recordProviderRefund(
  deps: ProviderRefundDeps,
  event: ProviderRefundEvent,
): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    if (event.status !== "succeeded") return { known: await settleUnfinished(tx, event), recorded: null };
    const refundId = await refundRowFor(tx, event);
    if (refundId === undefined) return { known: false, recorded: null };
    return {
      known: true,
      recorded: refundId ? await recordRefund(tx, refundId, event.providerRefundId) : null,
    };
  });
  if (result.recorded) await sendRefundEmail(deps.db, deps.mailer, result.recorded, deps.publicUrl, deps.log);
  return result.known;
}

/**
 * The refund row the event stands for, with its order locked: ours (by our id or the provider's),
 * or a new provider-made row. undefined: no order of ours; null: nothing left to count.
 */
async function refundRowFor(tx: Tx, event: ProviderRefundEvent): Promise<string | null | undefined> {
  const known = await knownRefund(tx, event);
  const orderId = known?.orderId ?? (await orderOfPayment(tx, event));
  if (!orderId) return undefined;
  const order = await lockPaidOrder(tx, orderId);
  if (!order) return undefined;
  if (known) {
    // A refund we marked failed (its answer was lost) that the provider did make counts again.
    if (known.status === "failed")
      await tx.update(refunds).set({ status: "pending" }).where(eq(refunds.id, known.id));
    return known.id;
  }
  const remaining = await refundableCents(tx, order);
  if (remaining <= 0) return null;
  const [created] = await tx
    .insert(refunds)
    .values({
      orderId,
      amountCents: Math.min(event.amountCents, remaining),
      lines: event.amountCents >= remaining ? await unshippedLines(tx, order) : [],
      reason: event.reason ?? dashboardReason[event.provider],
      provider: event.provider,
      providerRefundId: event.providerRefundId,
      source: "provider",
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return created?.id ?? null;
}

/**
 * A refund of everything left on an order not shipped yet gives its goods back, as an admin's
 * refund of all its lines does (recordRefund restocks them); otherwise it is a refund by amount.
 */
async function unshippedLines(tx: Tx, order: typeof orders.$inferSelect) {
  if (order.status !== "pending" && order.status !== "processing") return [];
  const items = await refundableItems(tx, order);
  return items
    .filter((item) => item.refundableUnits > 0)
    .map((item) => ({ orderItemId: item.id, variantId: item.variantId, quantity: item.refundableUnits }));
}

/** A refund still under way or failed at the provider: a failed one of ours stops holding its amount. */
async function settleUnfinished(tx: Tx, event: ProviderRefundEvent): Promise<boolean> {
  const known = await knownRefund(tx, event);
  if (!known) return (await orderOfPayment(tx, event)) !== null;
  if (event.status === "failed") {
    await tx
      .update(refunds)
      .set({ status: "failed" })
      .where(and(eq(refunds.id, known.id), eq(refunds.status, "pending")));
  }
  return true;
}

async function knownRefund(tx: Tx, event: ProviderRefundEvent) {
  const byProviderId = and(
    eq(refunds.provider, event.provider),
    eq(refunds.providerRefundId, event.providerRefundId),
  );
  const [row] = await tx
    .select({ id: refunds.id, orderId: refunds.orderId, status: refunds.status })
    .from(refunds)
    .where(isUuid(event.ourRefundId) ? eq(refunds.id, event.ourRefundId) : byProviderId);
  if (row) return row;
  if (!isUuid(event.ourRefundId)) return null;
  const [byProvider] = await tx
    .select({ id: refunds.id, orderId: refunds.orderId, status: refunds.status })
    .from(refunds)
    .where(byProviderId);
  return byProvider ?? null;
}

/**
 * The order the refunded payment paid: by its stored payment id, or by the session id a renewal
 * order keeps its provider payment under (a PayPal sale, insertRenewalOrder).
 */
async function orderOfPayment(tx: Tx, event: ProviderRefundEvent): Promise<string | null> {
  if (!event.providerPaymentId) return null;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.provider, event.provider),
        or(
          eq(orders.providerPaymentId, event.providerPaymentId),
          eq(orders.providerSessionId, event.providerPaymentId),
        ),
      ),
    )
    .limit(1);
  return order?.id ?? null;
}
