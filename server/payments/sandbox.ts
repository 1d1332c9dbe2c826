import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orderItems, orders, sandboxSessions, user } from "../db/schema/index.ts";
import { paymentFailures } from "../observability/metrics.ts";
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
/** The shape of our session ids (`sbx_` + random): anything else from a URL is no session. */
const isSandboxSessionId = (id: string) => /^sbx_[\w-]{1,64}$/.test(id);

export async function loadSandboxSession(db: Db, sessionId: string, now = new Date()) {
  if (!isSandboxSessionId(sessionId)) return null;
  const [row] = await db
    .select({ session: sandboxSessions, order: orders, accountEmail: user.email })
    .from(sandboxSessions)
    .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(sandboxSessions.id, sessionId));
  if (!row) return null;
  const { accountEmail, ...found } = row;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  const open = row.session.status === "open" && row.session.expiresAt > now;
  // The email the buyer gave us (a guest's typed at the address step, else the account's): the
  // page prefills it as Stripe and PayPal prefill the customer's email we pass them.
  const buyerEmail = row.order.email ?? accountEmail ?? "";
  return { ...found, items, open, buyerEmail };
}

/**
 * The hosted page's "Pay" button: checks the test card and completes the session with the buyer
 * (kept on the session, as a real provider keeps it). Marking the order paid is left to fulfilment.
 */
export async function paySandboxSession(
  db: Db,
  sessionId: string,
  input: { cardNumber?: string; buyer: Buyer },
  now = new Date(),
): Promise<SandboxPayResult> {
  const card = input.cardNumber?.replace(/\s+/g, "");
  if (!isSandboxSessionId(sessionId)) return { ok: false, reason: "not_open", message: messages.not_open };
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
    await tx
      .update(sandboxSessions)
      .set({ status: "completed", completedAt: now, buyer: input.buyer })
      .where(eq(sandboxSessions.id, sessionId));
    return { ok: true, orderId: session.orderId, method: session.method };
  });
}

/** Closes a session still open as cancelled/expired; returns its order id, null when it was not open. */
async function closeSession(db: Db, sessionId: string, status: "canceled" | "expired") {
  if (!isSandboxSessionId(sessionId)) return null;
  const [closed] = await db
    .update(sandboxSessions)
    .set({ status })
    .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "open")))
    .returning({ orderId: sandboxSessions.orderId });
  return closed?.orderId ?? null;
}

/**
 * Expires open sessions past their time (at most 500 a run) and returns their orders' ids, for
 * the orders side to close (server/orders/close-order.ts, expireSandboxPayments).
 */
export async function expireSandboxSessions(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: sandboxSessions.id })
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.status, "open"), lt(sandboxSessions.expiresAt, now)))
    .limit(500);
  const orderIds: string[] = [];
  for (const { id } of due) {
    const orderId = await closeSession(db, id, "expired");
    if (orderId) orderIds.push(orderId);
  }
  return orderIds;
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  capturesOnConfirm: false,
  async createSession(tx, { order, method, expiresAt }) {
    const sessionId = `sbx_${randomBytes(18).toString("base64url")}`;
    await tx.insert(sandboxSessions).values({ id: sessionId, orderId: order.id, method, expiresAt });
    return { sessionId, url: sandboxPaymentUrl(sessionId, method), expiresAt };
  },
  async confirm(db, order) {
    const [session] = await db
      .select({ orderId: sandboxSessions.orderId, buyer: sandboxSessions.buyer })
      .from(sandboxSessions)
      .where(
        and(eq(sandboxSessions.id, order.providerSessionId ?? ""), eq(sandboxSessions.status, "completed")),
      );
    if (!session?.buyer || session.orderId !== order.id) return null;
    return { orderId: order.id, buyer: session.buyer };
  },
  async cancel(db, order) {
    return (await closeSession(db, order.providerSessionId ?? "", "canceled")) !== null;
  },
  async cancelSubscription() {
    // No one else to tell: renewSubscription ends it at the period end.
    return null;
  },
  async refund({ refundId }) {
    // Test mode took no money: the refund is done at once, under an id derived from ours.
    return { providerRefundId: `sbx_re_${refundId}`, status: "succeeded" };
  },
};
