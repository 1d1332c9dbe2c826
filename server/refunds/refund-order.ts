import { and, eq } from "drizzle-orm";
import type { RefundRequest } from "../../core/forms/refund-form.ts";
import { formatMoney } from "../../core/pricing/money.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { orders, refunds } from "../db/schema/index.ts";
import { ConflictError, NotFoundError, ProviderFailureError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { ProviderName } from "../payments/registry.ts";
import { refundAmount } from "./amount.ts";
import { sendRefundEmail } from "./email.ts";
import { lockPaidOrder, type RefundRow, recordRefund, refundableCents } from "./record.ts";

export type RefundDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  /** The provider that took the order's money (registry.ts providerNamed). */
  providerFor: (name: ProviderName) => PaymentProvider;
  publicUrl: string;
  log?: Pick<Logger, "warn" | "error">;
};

/** `settled`: counted on the order; `pending`: the provider is still processing it (its webhook finishes it). */
export type RefundOutcome = { refund: RefundRow; state: "settled" | "pending" };

const notFound = () =>
  new NotFoundError({ title: "Order not found", description: "There is no such paid order." });

/**
 * An admin's refund, at most once per form (its idempotency key):
 * 1. with the order locked, the amount is worked out, checked against what is left (pending
 *    refunds included) and held by a pending refund row — a second refund of the same cents waits
 *    for the lock, then finds nothing left;
 * 2. the provider is asked, with that row's id as its idempotency key (no transaction is held
 *    across the call);
 * 3. with the order locked again, recordRefund counts it; the customer's email follows.
 * A repeated key returns the first refund (finishing it when a crash left it pending).
 */
export async function refundOrder(
  deps: RefundDeps,
  input: { orderId: string; actorId: string; request: RefundRequest },
): Promise<RefundOutcome> {
  if (!isUuid(input.orderId)) throw notFound();
  const { order, refund } = await reserveRefund(deps.db, input);
  if (refund.status === "succeeded") return { refund, state: "settled" };
  if (refund.status === "failed") {
    throw new ConflictError({
      title: "Refund failed",
      description: "This refund failed earlier. Open the refund form again to retry.",
    });
  }
  const provider = deps.providerFor(order.provider);
  let answer: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    answer = await provider.refund({
      order,
      refundId: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
    });
  } catch (error) {
    await markFailed(deps.db, refund.id);
    deps.log?.error({ err: error, orderId: order.id, refundId: refund.id }, "refund refused by the provider");
    throw new ProviderFailureError(
      {
        title: "Refund failed",
        description: `${providerLabel[order.provider]} did not refund ${formatMoney(refund.amountCents)}; nothing was refunded. Please try again.`,
      },
      { cause: error },
    );
  }
  const recorded = await deps.db.transaction(async (tx) => {
    await lockPaidOrder(tx, order.id);
    if (answer.providerPaymentId && !order.providerPaymentId) {
      await tx
        .update(orders)
        .set({ providerPaymentId: answer.providerPaymentId })
        .where(eq(orders.id, order.id));
    }
    if (answer.status === "pending") {
      await tx
        .update(refunds)
        .set({ providerRefundId: answer.providerRefundId })
        .where(eq(refunds.id, refund.id));
      return null;
    }
    return recordRefund(tx, refund.id, answer.providerRefundId);
  });
  if (recorded) await sendRefundEmail(deps.db, deps.mailer, recorded, deps.publicUrl, deps.log);
  const [latest] = await deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
  return { refund: latest ?? refund, state: answer.status === "pending" ? "pending" : "settled" };
}

const providerLabel = { sandbox: "The test payment provider", stripe: "Stripe", paypal: "PayPal" } as const;

/** Step 1: the pending refund row (or the one this key made before), under the order's lock. */
async function reserveRefund(db: Db, input: { orderId: string; actorId: string; request: RefundRequest }) {
  return db.transaction(async (tx) => {
    const order = await lockPaidOrder(tx, input.orderId);
    if (!order) throw notFound();
    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.idempotencyKey, input.request.idempotencyKey));
    if (earlier) {
      if (earlier.orderId !== order.id) throw notFound();
      return { order, refund: earlier };
    }
    const remaining = await refundableCents(tx, order);
    const { amountCents, lines } = await refundAmount(tx, order, input.request, remaining);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountCents,
        reason: input.request.reason,
        lines,
        provider: order.provider,
        idempotencyKey: input.request.idempotencyKey,
        createdBy: input.actorId,
        source: "admin",
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning();
    // The same key on another order at the same moment: not ours to refund twice.
    if (!refund)
      throw new ConflictError({
        title: "Refund already submitted",
        description: "This refund form was already used.",
      });
    return { order, refund };
  });
}

async function markFailed(db: Db, refundId: string) {
  await db
    .update(refunds)
    .set({ status: "failed" })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}
