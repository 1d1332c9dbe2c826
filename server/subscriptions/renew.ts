import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ProviderRenewal } from "../payments/events.ts";
import { backOrderedItems } from "../stock/history.ts";
import { renewalShortage, sendRenewalStockEmail } from "../stock/renewal-stock.ts";
import { takeUnits } from "../stock/take.ts";
import { applyDuePriceChange } from "./price-change.ts";
import { addMonth, insertRenewalOrder, sendRenewalEmail } from "./renewal-order.ts";
import { subscriberContact } from "./subscriber.ts";

export type RenewResult =
  | { ok: true; orderId: string; currentPeriodEnd: Date }
  | {
      ok: false;
      reason: "not_found" | "not_active" | "not_due" | "canceled_at_period_end" | "duplicate";
    }
  /** A tracked item is out of stock: this renewal is skipped (nothing charged), the period moves on. */
  | { ok: false; reason: "out_of_stock"; items: string[] };

/**
 * One monthly renewal of a sandbox subscription (we are the biller): a new paid order, the period
 * moved on a month, and a renewal email. A subscription cancelled at period end ends instead.
 * When a tracked item is out of stock the renewal is skipped: no order, no charge, the period
 * moves on a month and the subscriber is emailed (decision 033).
 * The row lock keeps two renewals from running at once; with `onlyWhenDue` (the background loop)
 * the period end is checked under that lock, so a second run finds the period already moved on.
 */
export async function renewSubscription(
  db: Db,
  mailer: Pick<Mailer, "send">,
  subscriptionId: string,
  now = new Date(),
  options: { onlyWhenDue?: boolean } = {},
): Promise<RenewResult> {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for("update");
    if (!locked) return { ok: false as const, reason: "not_found" as const };
    if (locked.status !== "active") return { ok: false as const, reason: "not_active" as const };
    if (options.onlyWhenDue && (locked.currentPeriodEnd ?? now) > now) {
      return { ok: false as const, reason: "not_due" as const };
    }
    if (locked.cancelAtPeriodEnd) {
      await tx
        .update(subscriptions)
        .set({ status: "canceled", canceledAt: now })
        .where(eq(subscriptions.id, subscriptionId));
      return { ok: false as const, reason: "canceled_at_period_end" as const };
    }
    // A price change announced for this renewal applies now (decision 046).
    const subscription = await applyDuePriceChange(tx, locked, locked.currentPeriodEnd ?? now, now);
    const currentPeriodEnd = addMonth(subscription.currentPeriodEnd ?? now);
    const short = await renewalShortage(tx, subscription.items, now);
    if (short.length > 0) {
      await tx.update(subscriptions).set({ currentPeriodEnd }).where(eq(subscriptions.id, subscriptionId));
      return {
        ok: false as const,
        reason: "out_of_stock" as const,
        items: short,
        userId: subscription.userId,
      };
    }
    const order = await insertRenewalOrder(tx, subscription, { paidAt: now });
    await takeUnits(tx, order!.id, subscription.items.map(stockLine));
    // A renewal charged ends any pause (it was due at the paused-until date).
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd, pausedUntil: null })
      .where(eq(subscriptions.id, subscriptionId));
    return { ok: true as const, order: order!, currentPeriodEnd };
  });
  if (!result.ok && result.reason === "out_of_stock") {
    await emailSubscriber(db, mailer, result.userId, result.items, "skipped");
    return { ok: false, reason: "out_of_stock", items: result.items };
  }
  if (!result.ok) return result;
  await sendRenewalEmail(db, mailer, result.order, result.currentPeriodEnd);
  return { ok: true, orderId: result.order.id, currentPeriodEnd: result.currentPeriodEnd };
}

/**
 * A renewal the provider charged (Stripe invoice.paid for a subscription cycle, PayPal
 * PAYMENT.SALE.COMPLETED): the renewal order once per provider payment id — a repeated event is
 * 'duplicate' — the period end the provider reports (else a month on), and the email.
 * 'not_found' means the subscription is not recorded yet (an event ahead of its checkout).
 */
export async function recordProviderRenewal(
  db: Db,
  mailer: Pick<Mailer, "send">,
  input: ProviderRenewal,
): Promise<RenewResult> {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, input.provider),
          eq(subscriptions.providerSubscriptionId, input.providerSubscriptionId),
        ),
      )
      .for("update");
    if (!locked) return { ok: false as const, reason: "not_found" as const };
    // The provider charged its own price: the owner changed it there too (docs/compliance.md §3).
    const subscription = await applyDuePriceChange(
      tx,
      locked,
      providerRenewalWindow(input.paidAt),
      input.paidAt,
    );
    const order = await insertRenewalOrder(tx, subscription, {
      paidAt: input.paidAt,
      providerPaymentId: input.providerPaymentId,
    });
    if (!order) return { ok: false as const, reason: "duplicate" as const };
    // Charged already: the order stands whatever the stock; what is missing is back-ordered.
    const taken = await takeUnits(tx, order.id, subscription.items.map(stockLine));
    const currentPeriodEnd = input.periodEnd ?? addMonth(subscription.currentPeriodEnd ?? input.paidAt);
    await tx
      .update(subscriptions)
      .set({ currentPeriodEnd, status: "active", pausedUntil: null })
      .where(eq(subscriptions.id, subscription.id));
    const backOrdered = taken.shortfall > 0 ? subscription.userId : null;
    return { ok: true as const, order, currentPeriodEnd, backOrdered };
  });
  if (!result.ok) return result;
  await sendRenewalEmail(db, mailer, result.order, result.currentPeriodEnd);
  if (result.backOrdered) {
    const items = await backOrderedItems(db, result.order.id);
    await emailSubscriber(db, mailer, result.backOrdered, items, "back_ordered");
  }
  return { ok: true, orderId: result.order.id, currentPeriodEnd: result.currentPeriodEnd };
}

/** A provider's charge may come a little before the period end we computed: a day's grace. */
const providerRenewalWindow = (paidAt: Date) => new Date(paidAt.getTime() + 24 * 60 * 60 * 1000);

/** A subscription item as a stock line. */
const stockLine = (item: { variantId?: string; quantity: number }) => ({
  variantId: item.variantId ?? null,
  quantity: item.quantity,
});

/** The out-of-stock email, to the subscriber's account address. */
async function emailSubscriber(
  db: Db,
  mailer: Pick<Mailer, "send">,
  userId: string,
  items: string[],
  outcome: "skipped" | "back_ordered",
) {
  const subscriber = await subscriberContact(db, userId);
  await sendRenewalStockEmail(mailer, subscriber.email, { name: subscriber.name, items, outcome });
}
