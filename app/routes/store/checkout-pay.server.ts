import { openPaymentsOfCart } from "~server/checkout/open-payments.ts";
import type { RequestContext } from "~server/context.ts";
import { bestEffort } from "~server/http/best-effort.ts";
import { cancelPayment } from "~server/orders/payment-session.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { payLimits } from "~server/rate-limit/rate-limit.ts";
import { releaseCartStock } from "~server/stock/reserve.ts";
import { refuseOverLimit } from "./checkout-limits.server.ts";

/**
 * Before the pay button opens a payment: the pay action's rate limit, then the end of any payment
 * still open for the same cart — its coupon use and stock holds go back at once, and one cart
 * never has two payment pages. The new press may still be refused afterwards (the per-client caps
 * on scarce holds, in checkout's transaction): the shopper's earlier hold is gone either way, so a
 * client at its cap holds nothing. Returns the refusal to answer with, or null to go on.
 */
export async function prepareToPay(context: RequestContext, input: { cartId: string | null }) {
  const limited = await refuseOverLimit(context, payLimits);
  if (limited) return limited;
  if (input.cartId) await endOpenPaymentsOfCart(context, input.cartId);
  return null;
}

/** Gives up the cart's still-open payments; a stock hold of one that cannot be given up goes anyway. */
async function endOpenPaymentsOfCart(context: RequestContext, cartId: string) {
  const db = context.database.db;
  for (const payment of await openPaymentsOfCart(db, cartId, new Date())) {
    if (!payment.sessionId) continue;
    const { provider, sessionId } = payment;
    await bestEffort(context.log, () => cancelPayment(db, providerNamed(context, provider), sessionId), {
      failed: "ending the cart's previous payment failed",
      fallback: undefined,
      fields: { orderId: payment.id },
    });
  }
  await releaseCartStock(db, cartId);
}
