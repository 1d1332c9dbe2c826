import { type PricedCart, priceCartLines } from "~core/pricing/cart-pricing.ts";
import { priceCart } from "~server/cart/cart.ts";
import { cartCoupon } from "~server/checkout/cart-coupon.ts";
import type { RequestContext } from "~server/context.ts";
import type { AppliedCoupon } from "~server/coupons/quote.ts";
import { isUuid } from "~server/db/ids.ts";
import { bestEffort } from "~server/http/best-effort.ts";
import { expireSandboxPayments } from "~server/orders/close-order.ts";
import { cancelPayment, findUnpaidOrderSession } from "~server/orders/payment-session.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { findRequestCart } from "./cart-request.server.ts";

/** The requester's cart id (signed-in user's, or the guest cookie's), once per page load. */
export function requestCartId(context: RequestContext, request: Request, userId: string | null) {
  return findRequestCart(context, request, userId);
}

/**
 * The requester's cart id and that cart priced from the catalog, with one lookup for both. A
 * failure is logged and shows an empty cart, as loadCart does.
 */
export async function loadCheckoutCart(context: RequestContext, request: Request, userId: string | null) {
  return bestEffort(
    context.log,
    async () => {
      const cartId = await requestCartId(context, request, userId);
      return { cartId, cart: await priceCart(context.database.db, cartId) };
    },
    {
      failed: "cart load failed",
      fallback: { cartId: null, cart: priceCartLines([]) },
      unlessDatabaseDown: "checkout cart",
    },
  );
}

/**
 * The coupon kept with the requester's cart, for the totals of every page (cart drawer, cart
 * page); a failure only hides it (the checkout re-checks it before taking payment).
 */
export async function requestCartCoupon(
  context: RequestContext,
  request: Request,
  userId: string | null,
  cart: PricedCart,
): Promise<AppliedCoupon | null> {
  if (cart.quantity === 0) return null;
  const purchase = { purchaseType: "one_time" as const, signedIn: Boolean(userId) };
  return bestEffort(
    context.log,
    async () =>
      (await cartCoupon(context.database.db, await requestCartId(context, request, userId), cart, purchase))
        .applied,
    { failed: "cart coupon load failed", fallback: null, level: "warn" },
  );
}

/** Expires stale payment sessions without holding up the page; a failure is only logged. */
export function sweepExpiredSessions(context: RequestContext): void {
  void expireSandboxPayments(context.database.db).catch((error) =>
    context.log.error({ err: error }, "payment session sweep failed"),
  );
}

/**
 * The buyer came back from a provider's hosted page with "cancel" (Stripe's cancel_url carries
 * the order id): the provider session is given up and the coupon use released at once, rather
 * than when the session expires. Only the order made from the requester's own cart qualifies.
 */
export async function cancelAbandonedPayment(
  context: RequestContext,
  request: Request,
  input: { orderId: string; userId: string | null },
): Promise<void> {
  if (!isUuid(input.orderId)) return;
  const db = context.database.db;
  const order = await findUnpaidOrderSession(db, input.orderId);
  const sessionId = order?.sessionId;
  if (!order || !sessionId || !order.cartId) return;
  if (order.cartId !== (await requestCartId(context, request, input.userId))) return;
  // The session still expires on its own; the buyer is not held up.
  await bestEffort(context.log, () => cancelPayment(db, providerNamed(context, order.provider), sessionId), {
    failed: "cancelling a payment session failed",
    fallback: undefined,
    fields: { orderId: input.orderId },
  });
}
