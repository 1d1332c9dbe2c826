import { data } from "react-router";
import { actionToast } from "../../core/toast.ts";
import type { RequestContext } from "../context.ts";
import { normalizeCouponCode } from "../coupons/rules.ts";
import { cancelPayment } from "../orders/payment-session.ts";
import { providerNamed } from "../payments/registry.ts";
import { hitRateLimit, payLimits } from "../rate-limit/rate-limit.ts";
import { dailyHoldLimit, paymentHoldRule } from "../reservations/hold-rule.ts";
import { refuseOverLimit } from "./client-limits.server.ts";
import { openPaymentsOfCart } from "./open-payments.ts";

const refused = (title: string, description: string) =>
  data({ toast: actionToast({ title, description, variant: "destructive" }), applied: null }, 429);

/** What a client over the open-payments cap is told (checkout's 'too_many_open'). */
export const tooManyOpenPayments = () =>
  refused(
    "Too Many Open Payments",
    "You have several unfinished payments. Complete or cancel one of them, or try again in 30 minutes.",
  );

/**
 * Before the pay button opens a payment: the pay action's rate limit, the daily limit on holds of
 * one coupon by one client (a hold renewed every half hour would block a limited coupon forever),
 * and the end of any payment still open for the same cart — its coupon use goes back at once and
 * one cart never has two payment pages. Returns the refusal to answer with, or null to go on.
 */
export async function prepareToPay(
  context: RequestContext,
  input: { cartId: string | null; couponCode: string | null },
) {
  const limited = await refuseOverLimit(context, payLimits);
  if (limited) return limited;
  if (input.couponCode) {
    const item = `coupon:${normalizeCouponCode(input.couponCode)}`;
    const holds = await hitRateLimit(
      context.database.db,
      dailyHoldLimit(paymentHoldRule, item, context.clientIp),
    );
    if (!holds.allowed) {
      return refused(
        "Coupon Already in Use",
        "Unfinished payments from your connection have held this coupon too often today. Please try again tomorrow.",
      );
    }
  }
  if (input.cartId) await endOpenPaymentsOfCart(context, input.cartId);
  return null;
}

/** Gives up the cart's still-open payments; one that cannot be given up now simply expires later. */
async function endOpenPaymentsOfCart(context: RequestContext, cartId: string) {
  const db = context.database.db;
  for (const payment of await openPaymentsOfCart(db, cartId, new Date())) {
    if (!payment.sessionId) continue;
    try {
      await cancelPayment(db, providerNamed(context, payment.provider), payment.sessionId);
    } catch (error) {
      context.log.error({ err: error, orderId: payment.id }, "ending the cart's previous payment failed");
    }
  }
}
