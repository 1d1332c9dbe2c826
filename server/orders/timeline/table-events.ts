import { and, asc, eq, gte, inArray, like, or, sql } from "drizzle-orm";
import { formatMoney } from "../../../core/pricing/money.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { mailOutbox, orderNotes, orderStatusNotices, refunds, webhookEvents } from "../../db/schema/index.ts";
import type { TimelineEvent } from "./events.ts";

/** Internal notes, signed by their author. */
export async function noteEvents(db: Db, orderId: string): Promise<TimelineEvent[]> {
  const rows = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt));
  return rows.map((n) => ({
    id: `note:${n.id}`,
    at: n.createdAt,
    kind: "note",
    title: "Note",
    detail: n.body,
    actor: n.authorName,
  }));
}

/** Refunds asked, counted or failed, with who started them (an admin here, or the provider's dashboard). */
export async function refundEvents(db: Db, orderId: string) {
  const rows = await db
    .select({ refund: refunds, adminName: user.name })
    .from(refunds)
    .leftJoin(user, eq(user.id, refunds.createdBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
  const events: TimelineEvent[] = rows.map(({ refund, adminName }) => ({
    id: `refund:${refund.id}`,
    at: refund.createdAt,
    kind: "refund",
    title: `Refund of ${formatMoney(refund.amountCents)} ${refundOutcome[refund.status]}`,
    detail: refund.reason,
    actor: refund.source === "admin" ? (adminName ?? "Staff") : "Payment provider",
  }));
  return { events, refundIds: rows.map((r) => r.refund.id) };
}

const refundOutcome = { pending: "asked", succeeded: "succeeded", failed: "failed" } as const;

/** A status change whose email is still held for undo (docs/fulfilment.md). */
export async function heldStatusEvents(db: Db, orderId: string): Promise<TimelineEvent[]> {
  const rows = await db.select().from(orderStatusNotices).where(eq(orderStatusNotices.orderId, orderId));
  return rows.map((n) => ({
    id: `held:${n.id}`,
    at: n.createdAt,
    kind: "status",
    title: `Status changed from ${n.previousStatus} to ${n.status}`,
    detail: "The customer's email waits a minute, so the change can still be undone.",
  }));
}

/**
 * Emails about the order, found by the outbox keys their senders give them (server/orders for the
 * confirmation, status and shop emails; refunds and review invitations key theirs by refund or
 * order id the same way). A status email also marks the status change it announced.
 */
export async function emailEvents(db: Db, orderId: string, refundIds: string[]): Promise<TimelineEvent[]> {
  const keys = [
    `payment-email:${orderId}`,
    `admin-new-order:${orderId}`,
    `review-invitation:${orderId}`,
    ...refundIds.map((id) => `refund-email:${id}`),
  ];
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      key: mailOutbox.dedupeKey,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(or(inArray(mailOutbox.dedupeKey, keys), like(mailOutbox.dedupeKey, `order-status:${orderId}:%`)))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.flatMap((m) => {
    const email: TimelineEvent = {
      id: `email:${m.id}`,
      at: m.createdAt,
      kind: "email",
      title: `Email ${mailOutcome[m.status]}: ${m.subject}`,
      detail: `To ${m.to}`,
      href: `/admin/emails/${m.id}`,
    };
    const status = m.key?.startsWith("order-status:") ? m.key.split(":")[2] : null;
    if (!status) return [email];
    const change: TimelineEvent = {
      id: `status:${m.id}`,
      at: m.createdAt,
      kind: "status",
      title: `Status: ${status}`,
    };
    return [change, email];
  });
}

const mailOutcome = { pending: "queued", sent: "sent", failed: "failed", stored: "stored" } as const;

/**
 * Provider webhook events naming the order (its id in the metadata, its checkout session, PayPal
 * order or payment id anywhere in the payload), received since the order was placed. The log is
 * pruned after WEBHOOK_EVENT_RETENTION_DAYS, so older ones are gone.
 */
export async function webhookEventsOf(
  db: Db,
  order: {
    id: string;
    createdAt: Date;
    providerSessionId: string | null;
    stripeSessionId: string | null;
    paypalOrderId: string | null;
    providerPaymentId: string | null;
  },
): Promise<TimelineEvent[]> {
  const ids = [
    order.id,
    order.providerSessionId,
    order.stripeSessionId,
    order.paypalOrderId,
    order.providerPaymentId,
  ].filter((v): v is string => !!v);
  const rows = await db
    .select({
      id: webhookEvents.id,
      provider: webhookEvents.provider,
      type: webhookEvents.type,
      outcome: webhookEvents.outcome,
      receivedAt: webhookEvents.receivedAt,
    })
    .from(webhookEvents)
    .where(and(gte(webhookEvents.receivedAt, order.createdAt), namesAny(ids)))
    .orderBy(asc(webhookEvents.receivedAt))
    .limit(100);
  return rows.map((w) => ({
    id: `webhook:${w.id}`,
    at: w.receivedAt,
    kind: "webhook",
    title: `${w.provider === "paypal" ? "PayPal" : "Stripe"} event ${w.type}`,
    detail: w.outcome ? `Handled: ${w.outcome}` : "Being handled",
    href: `/admin/webhooks/${w.id}`,
  }));
}

/** The payload holds one of `ids` as a string value anywhere (the values travel as jsonpath variables). */
function namesAny(ids: string[]) {
  const names = ids.map((_, i) => `v${i}`);
  const path = `strict $.** ? (${names.map((n) => `@ == $${n}`).join(" || ")})`;
  const vars = Object.fromEntries(ids.map((id, i) => [names[i], id]));
  return sql`jsonb_path_exists(${webhookEvents.payload}, ${path}::jsonpath, ${JSON.stringify(vars)}::jsonb)`;
}
