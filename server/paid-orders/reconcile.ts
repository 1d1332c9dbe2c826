import { and, asc, eq, gt, isNotNull, lt } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { queueLatePaymentEmails } from "../orders/payment-email.ts";
import { providerNamed } from "../payments/registry.ts";
import { confirmAndFulfil } from "./fulfil.ts";

export type ReconcileServices = {
  /** The provider keys; absent means none (a sandbox-only shop, as in tests). */
  config?: Pick<Config, "stripe" | "paypal" | "publicUrl">;
  database: { db: Db };
  mailer: Pick<Mailer, "send">;
  log: Pick<Logger, "error"> & Partial<Pick<Logger, "warn">>;
};

const noProviderKeys = { stripe: undefined, paypal: undefined, publicUrl: "" };

export type ReconcileReport = { asked: number; fulfilled: number; lateEmails: number };

/**
 * An order is asked about once the return page and the webhook have had their minute, and for as
 * long as a payment can plausibly still complete behind it: a Stripe session lives 31 minutes, a
 * PayPal subscription may activate a while after approval. Older unpaid orders are left alone.
 */
export const RECONCILE_AFTER_MS = 60_000;
export const RECONCILE_WINDOW_MS = 2 * 60 * 60_000;
/** Provider calls per run at most; the rest are asked on the next run. */
const BATCH = 50;

/**
 * The safety net under fulfilment (the minute sweep runs it): every unpaid order with an open
 * payment session is checked with its provider (sandbox session, Stripe Checkout Session, PayPal
 * order or subscription), and a paid one is fulfilled through the same idempotent path as the
 * return page and the webhooks. So a payment the provider took is never left without its paid
 * order when the request that should have marked it paid failed (database fault, full disk, the
 * buyer closed the tab). Then paid orders whose email never reached the outbox get it.
 */
export async function reconcileOpenPayments(
  services: ReconcileServices,
  now = new Date(),
): Promise<ReconcileReport> {
  const { database, mailer, log } = services;
  const open = await database.db
    .select({ id: orders.id, provider: orders.provider, sessionId: orders.providerSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, "unpaid"),
        isNotNull(orders.providerSessionId),
        lt(orders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        gt(orders.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let fulfilled = 0;
  for (const order of open) {
    try {
      const provider = providerNamed({ config: services.config ?? noProviderKeys, database }, order.provider);
      const result = await confirmAndFulfil(database.db, mailer, provider, order.sessionId!, log);
      if (result?.fulfilled) {
        fulfilled++;
        log.warn?.({ orderId: order.id, provider: order.provider }, "reconciliation fulfilled a paid order");
      }
    } catch (error) {
      // One provider or order failing must not keep the others from being checked.
      log.error({ err: error, orderId: order.id }, "payment reconciliation failed for an order");
    }
  }
  const lateEmails = await queueLatePaymentEmails(database.db, mailer);
  if (lateEmails > 0) log.warn?.({ count: lateEmails }, "reconciliation queued late payment emails");
  return { asked: open.length, fulfilled, lateEmails };
}
