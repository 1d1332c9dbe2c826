import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import type { PaidSession, ProviderOrder } from "../payments/provider.ts";

/**
 * A one-time order a coupon took to $0.00 is confirmed without a payment provider, whichever
 * method was picked: there is nothing to charge, and providers refuse or mishandle zero amounts
 * (PayPal refuses a 0.00 order; a Stripe payment needs at least $0.50). Its "session" is our own
 * id, so the return page, the reconciliation and cancelling work on it as on any other. A
 * subscription still goes to its provider even when the first month is free: the renewals need
 * the card or PayPal agreement set up there.
 */
export function isFreeOrder(order: Pick<ProviderOrder, "purchaseType" | "totalCents">): boolean {
  return order.purchaseType === "one_time" && order.totalCents === 0;
}

/**
 * A free order's session id: random like a provider's (it opens the order on the return page, so
 * it must not be derivable from the order id).
 */
export const newFreeOrderSessionId = () => `free_${randomBytes(18).toString("base64url")}`;

/** The return page a free order goes to instead of a provider's page. */
export const freeOrderReturnUrl = (sessionId: string) => `/payment-success?session_id=${sessionId}`;

/**
 * The free order as fulfilment needs it: the buyer is who our checkout's address step recorded
 * (a signed-in customer's email from the account). Null when the order lacks a name, email or
 * address.
 */
export async function freeOrderPayment(db: Db, order: ProviderOrder): Promise<PaidSession | null> {
  let email = order.email;
  if (!email && order.userId) {
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, order.userId));
    email = account?.email ?? null;
  }
  if (!email || !order.name || !order.shippingAddress) return null;
  return {
    orderId: order.id,
    buyer: { name: order.name, email, phone: order.phone ?? "", address: order.shippingAddress },
  };
}
