import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { closeUnpaidOrder } from "../orders/close-order.ts";
import { rememberPaymentId } from "../orders/payment-id.ts";
import { findOrderForSession } from "../orders/payment-session.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { fulfilOrder } from "../paid-orders/fulfil.ts";
import type { PaymentEvents } from "../payments/events.ts";
import { recordProviderRefund } from "../refunds/provider-refund.ts";
import { recordPaymentFailure } from "../subscriptions/dunning.ts";
import { recordProviderRenewal } from "../subscriptions/renew.ts";
import { syncSubscriptionState } from "../subscriptions/sync.ts";

export type PaymentEventDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  publicUrl: string;
  log?: Pick<Logger, "warn" | "error">;
};

/**
 * The one handler the provider adapters report their events to (server/payments/events.ts): our
 * orders, subscriptions and refunds act on them. Built here, where webhooks are received and
 * replayed, so that payments depends on none of those folders.
 */
export function paymentEventHandler(deps: PaymentEventDeps): PaymentEvents {
  const { db, mailer } = deps;
  return {
    orderForSession: (provider, sessionId) => findOrderForSession(db, provider, sessionId),
    sessionPaid: (provider, sessionId) => completePayment(db, mailer, provider, sessionId),
    sessionEndedUnpaid: (orderId) => db.transaction((tx) => closeUnpaidOrder(tx, orderId)),
    orderPaid: (paid) => fulfilOrder(db, mailer, paid),
    paymentIdReported: (orderId, providerPaymentId) => rememberPaymentId(db, orderId, providerPaymentId),
    renewalPaid: (renewal) => recordProviderRenewal(db, mailer, renewal),
    subscriptionChanged: (subscription, state) => syncSubscriptionState(db, subscription, state),
    renewalFailed: (failure, now) => recordPaymentFailure(deps, failure, now),
    refundReported: (refund) => recordProviderRefund(deps, refund),
  };
}
