import { and, asc, eq } from "drizzle-orm";
import { orderLabel } from "../../core/orders/order-number.ts";
import { subscriptionTermsOf } from "../../core/orders/subscription-terms-text.ts";
import { orderTotalsOf } from "../../core/pricing/order-charges.ts";
import type { Db } from "../db/client.ts";
import { orderItems, orders, subscriptions } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { newOrderMessage, type OrderMailer } from "./new-order-email.ts";
import { orderStatusPath } from "./status-token.ts";

type Order = typeof orders.$inferSelect;
type OrderItem = typeof orderItems.$inferSelect;
type Subscription = typeof subscriptions.$inferSelect;

/** What sends a payment email: the outbox, and the origin its links start with. */

/** One payment email per paid order, however often it is queued (the outbox's dedupe key). */
const dedupeKey = (orderId: string) => `payment-email:${orderId}`;

/**
 * The confirmation email. It carries the order's status link (decision 037) when the order has a
 * token and the shop knows its public origin: the one way a guest sees the order again. A new
 * subscription's confirmation repeats its automatic-renewal terms with the cancel link.
 */
export function confirmationMessage(
  order: Order,
  items: OrderItem[],
  publicUrl = "",
  subscription?: Subscription | null,
): MailMessage<"order-confirmation"> {
  const shortId = orderLabel(order);
  const statusUrl =
    order.statusToken && publicUrl ? publicUrl + orderStatusPath(order.statusToken) : undefined;
  return {
    to: order.email ?? "",
    subject: `Order confirmation #${shortId}`,
    template: "order-confirmation",
    dedupeKey: dedupeKey(order.id),
    props: {
      name: order.name ?? "",
      shortId,
      purchaseType: order.purchaseType,
      items: items.map(({ name, weight, quantity, lineTotalCents }) => ({
        name,
        weight,
        quantity,
        lineTotalCents,
      })),
      ...orderTotalsOf(order),
      ...(statusUrl ? { statusUrl } : {}),
      ...(subscription ? { subscriptionTerms: subscriptionTermsOf(subscription, publicUrl) } : {}),
    },
  };
}

export function renewalMessage(order: Order, nextRenewal: Date): MailMessage<"subscription-renewal"> {
  const shortId = orderLabel(order);
  return {
    to: order.email ?? "",
    subject: `Subscription renewed: order #${shortId}`,
    template: "subscription-renewal",
    dedupeKey: dedupeKey(order.id),
    props: {
      name: order.name ?? "",
      shortId,
      totalCents: order.totalCents,
      nextRenewal: nextRenewal.toISOString().slice(0, 10),
    },
  };
}

/**
 * Puts a paid order's email in the outbox (the confirmation, or the renewal email for a monthly
 * renewal) and the shop's new-order email, then clears `payment_email_due`. The dedupe keys make
 * a repeat (the reconciliation racing the request that paid, or a crash between the writes)
 * store nothing.
 */
export async function queuePaymentEmail(
  db: Db,
  mailer: OrderMailer,
  order: Order,
  message: MailMessage,
): Promise<void> {
  if (order.email) await mailer.send(message);
  if (mailer.shopInbox) {
    const notice = newOrderMessage(order, await itemsOf(db, order.id), mailer.shopInbox, mailer.publicUrl);
    if (notice) await mailer.send(notice);
  }
  await db.update(orders).set({ paymentEmailDue: false }).where(eq(orders.id, order.id));
}

/**
 * The same, as a side effect of a payment that has already committed: a failing outbox (a full
 * disk, a database fault) must not turn a paid order into an error for the buyer. The order keeps
 * `payment_email_due` and the reconciliation queues the email later. Returns whether it was queued.
 */
export async function queuePaymentEmailSafely(
  db: Db,
  mailer: OrderMailer,
  order: Order,
  message: MailMessage,
  log?: Partial<Pick<Logger, "warn">>,
): Promise<boolean> {
  try {
    await queuePaymentEmail(db, mailer, order, message);
    return true;
  } catch (error) {
    log?.warn?.({ err: error, orderId: order.id }, "payment email not queued yet (reconciliation retries)");
    return false;
  }
}

/** At most this many late emails per run; the rest wait for the next run. */
const LATE_EMAIL_BATCH = 100;

/**
 * Paid orders whose email never reached the outbox (see queuePaymentEmailSafely): queued now.
 * A renewal (an order of a subscription made after the subscription) gets the renewal email with
 * the subscription's current period end, every other order the confirmation. Returns how many.
 */
export async function queueLatePaymentEmails(db: Db, mailer: OrderMailer): Promise<number> {
  const due = await db
    .select({ order: orders, subscription: subscriptions })
    .from(orders)
    .leftJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
    .where(and(eq(orders.paymentEmailDue, true), eq(orders.paymentStatus, "paid")))
    .orderBy(asc(orders.paidAt))
    .limit(LATE_EMAIL_BATCH);
  for (const { order, subscription } of due) {
    const renewal = subscription && order.createdAt > subscription.createdAt;
    const message = renewal
      ? renewalMessage(order, subscription.currentPeriodEnd ?? order.paidAt ?? new Date())
      : confirmationMessage(order, await itemsOf(db, order.id), mailer.publicUrl, subscription);
    await queuePaymentEmail(db, mailer, order, message);
  }
  return due.length;
}

function itemsOf(db: Db, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}
