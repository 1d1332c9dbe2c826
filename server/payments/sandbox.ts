import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { orderItems, orders, sandboxSessions, subscriptions } from "../db/schema/index.ts";
import { paymentFailures } from "../observability/metrics.ts";
import { closeUnpaidOrder } from "./close-order.ts";
import type { Buyer, PaymentMethod, PaymentProvider } from "./provider.ts";

export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINED_CARD = "4000000000000002";

export type SandboxPayResult =
  | { ok: true; orderId: string; method: PaymentMethod }
  | { ok: false; reason: "declined" | "unknown_card" | "not_open"; message: string };

const messages = {
  declined: "Your card was declined. Try the test card 4242 4242 4242 4242.",
  unknown_card:
    "Test mode accepts only the test cards: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined).",
  not_open: "This payment session has expired or was cancelled. Please return to checkout.",
} as const;

export function sandboxPaymentUrl(sessionId: string, method: PaymentMethod): string {
  return method === "paypal" ? `/sandbox/paypal/${sessionId}` : `/sandbox/pay/${sessionId}`;
}

/** The return URL a real provider would send the buyer to. */
export function sandboxReturnUrl(sessionId: string, method: PaymentMethod): string {
  return method === "paypal"
    ? `/paypal-success?token=${sessionId}&PayerID=SANDBOX`
    : `/payment-success?session_id=${sessionId}`;
}

/** A session with what its hosted page shows: amount and items. Null when unknown. */
export async function loadSandboxSession(db: Db, sessionId: string, now = new Date()) {
  const [row] = await db
    .select({ session: sandboxSessions, order: orders })
    .from(sandboxSessions)
    .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
    .where(eq(sandboxSessions.id, sessionId));
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  const open = row.session.status === "open" && row.session.expiresAt > now;
  return { ...row, items, open };
}

/**
 * The hosted page's "Pay" button: checks the test card, stores the buyer on the (still unpaid)
 * order and completes the session. Marking the order paid is left to fulfilment.
 */
export async function paySandboxSession(
  db: Db,
  sessionId: string,
  input: { cardNumber?: string; buyer: Buyer },
  now = new Date(),
): Promise<SandboxPayResult> {
  const card = input.cardNumber?.replace(/\s+/g, "");
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sessionId))
      .for("update");
    if (session?.status !== "open" || session.expiresAt <= now) {
      return { ok: false, reason: "not_open", message: messages.not_open };
    }
    if (session.method === "card" && card !== SANDBOX_SUCCESS_CARD) {
      const reason = card === SANDBOX_DECLINED_CARD ? "declined" : "unknown_card";
      paymentFailures.inc({ provider: "sandbox", reason });
      return { ok: false, reason, message: messages[reason] };
    }
    const { name, email, phone, address } = input.buyer;
    await tx
      .update(orders)
      .set({ name, email, phone, shippingAddress: address })
      .where(and(eq(orders.id, session.orderId), eq(orders.paymentStatus, "unpaid")));
    await tx
      .update(sandboxSessions)
      .set({ status: "completed", completedAt: now })
      .where(eq(sandboxSessions.id, sessionId));
    return { ok: true, orderId: session.orderId, method: session.method };
  });
}

/** Closes an open session as cancelled/expired: the order is expired and its coupon use released. */
async function closeSession(tx: Tx, sessionId: string, status: "canceled" | "expired") {
  const [closed] = await tx
    .update(sandboxSessions)
    .set({ status })
    .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "open")))
    .returning({ orderId: sandboxSessions.orderId });
  if (!closed) return null;
  await closeUnpaidOrder(tx, closed.orderId);
  return closed.orderId;
}

/** Expires every open session past its time (run at checkout start and by the background loop). */
export async function expireSandboxSessions(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: sandboxSessions.id })
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.status, "open"), lt(sandboxSessions.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => closeSession(tx, id, "expired"))) expired++;
  }
  return expired;
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async createSession(tx, { orderId, method, expiresAt }) {
    const sessionId = `sbx_${randomBytes(18).toString("base64url")}`;
    await tx.insert(sandboxSessions).values({ id: sessionId, orderId, method, expiresAt });
    await tx.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
    return { sessionId, url: sandboxPaymentUrl(sessionId, method) };
  },
  async confirm(db, sessionId) {
    const [row] = await db
      .select({ order: orders })
      .from(sandboxSessions)
      .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
      .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "completed")));
    const order = row?.order;
    if (!order?.name || !order.email || !order.shippingAddress) return null;
    return {
      orderId: order.id,
      buyer: {
        name: order.name,
        email: order.email,
        phone: order.phone ?? "",
        address: order.shippingAddress,
      },
    };
  },
  cancel(db, sessionId) {
    return db.transaction((tx) => closeSession(tx, sessionId, "canceled"));
  },
  async cancelSubscription(db, subscription) {
    // No one else to tell: renewSubscription ends it at the period end.
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, subscription.id));
  },
};
