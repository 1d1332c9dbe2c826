import { eq } from "drizzle-orm";
import type { PostalAddress } from "../../core/address.ts";
import type { PricedCart } from "../../core/cart-pricing.ts";
import {
  type CheckoutBreakdown,
  type PurchaseType,
  priceCheckout,
  shippingQuoteFor,
} from "../../core/checkout-pricing.ts";
import { priceCart } from "../cart/cart.ts";
import { reserveCouponUse } from "../coupons/coupons.ts";
import type { CouponRejection } from "../coupons/rules.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import { type CheckoutWarning, recordShownWarnings } from "../labels/checkout-warnings.ts";
import { freeOrderReturnUrl, isFreeOrder, newFreeOrderSessionId } from "../orders/free-order.ts";
import { openPaymentSession } from "../orders/payment-session.ts";
import { newStatusToken } from "../orders/status-token.ts";
import type { PaymentMethod, PaymentProvider } from "../payments/provider.ts";
import { recordPoliciesInForce } from "../policies/in-force.ts";
import type { ClientHoldRefusal } from "../reservations/client-holds.ts";
import { deliveryTerms } from "../shipping/terms.ts";
import { reserveStock, StockHeldByClient, StockShortage } from "../stock/reserve.ts";
import { type RenewalConsentInput, recordRenewalConsent } from "../subscriptions/renewal-consent.ts";
import { orderAddressColumns } from "./checkout-address.ts";
import { assertClientMayOpen, TooManyOpenPayments } from "./open-payments.ts";

export const PAYMENT_SESSION_MINUTES = 30;

export type CheckoutRequest = {
  cartId: string | null;
  userId: string | null;
  purchaseType: PurchaseType;
  paymentMethod: PaymentMethod;
  couponCode: string | null;
  /** Where the order goes, collected on our checkout page before the provider (core/address.ts). */
  shippingAddress?: PostalAddress | null;
  /** A guest's email from the address step: the order's receipts go there (decision 044). */
  buyerEmail?: string | null;
  /** The client's address: open payments and holds of scarce coupons and stock are capped per address (hold rule). */
  clientIp?: string | null;
  /** The cart of `cartId` as this request already priced it from the database (saves reading it twice). */
  cart?: PricedCart;
  /** The Prop 65 warnings shown on the page that posted Pay: recorded with the order (decision 045). */
  prop65Warnings?: CheckoutWarning[];
  /** A subscription's consent to the automatic-renewal terms, stored with the order (decision 046). */
  renewalConsent?: RenewalConsentInput | null;
  now?: Date;
};

export type CheckoutResult =
  | { ok: true; orderId: string; url: string; breakdown: CheckoutBreakdown }
  | {
      ok: false;
      reason:
        | "empty_cart"
        | "unavailable_lines"
        | "sign_in_required"
        | "too_many_open"
        | "no_shipping_zone"
        /** A free order of a guest who gave no email: without a provider, nobody else supplies one. */
        | "email_required";
    }
  | { ok: false; reason: "coupon"; rejection: CouponRejection }
  /** A line asks for more than is in stock: `message` is "Only N left" or "<name> is sold out". */
  | { ok: false; reason: "out_of_stock"; message: string }
  /** The client is over its cap on a variant's last units (decision 051); `name` is the variant's. */
  | { ok: false; reason: "stock_held"; refusal: ClientHoldRefusal; name: string }
  /** The card or PayPal provider refused or failed to open a session (spec: 'Payment Failed'). */
  | { ok: false; reason: "provider_error"; error: unknown };

class CouponRefused extends Error {
  constructor(readonly rejection: CouponRejection) {
    super(rejection.title);
  }
}

/** A free guest order without an email, raised inside the transaction so nothing stays behind. */
class FreeOrderNeedsEmail extends Error {}

/** Raised inside the transaction so the unpaid order and the coupon hold roll back with it. */
class SessionNotOpened extends Error {
  constructor(readonly reason: unknown) {
    super("payment session not opened", { cause: reason });
  }
}

/** The provider's hosted page; a failure or an answer without a URL is the provider's refusal. */
async function openSession(
  tx: Tx,
  provider: PaymentProvider,
  input: Parameters<typeof openPaymentSession>[2],
) {
  let session: Awaited<ReturnType<typeof openPaymentSession>>;
  try {
    session = await openPaymentSession(tx, provider, input);
  } catch (error) {
    throw new SessionNotOpened(error);
  }
  if (!session.url) throw new SessionNotOpened(new Error(`${provider.name} returned no redirect URL`));
  return session;
}

/**
 * Starts a payment: prices the cart from the database (nothing the browser sends about prices or
 * quantities is used), re-validates and reserves the coupon, creates the unpaid order with its
 * items and opens a payment session — all in one transaction, so a refusal leaves nothing behind.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutRequest,
): Promise<CheckoutResult> {
  const now = input.now ?? new Date();
  if (input.purchaseType === "subscription" && !input.userId)
    return { ok: false, reason: "sign_in_required" };
  const cart = input.cart ?? (await priceCart(db, input.cartId));
  if (cart.lines.length === 0) return { ok: false, reason: "empty_cart" };
  if (cart.hasUnavailableLines) return { ok: false, reason: "unavailable_lines" };
  const expiresAt = new Date(now.getTime() + PAYMENT_SESSION_MINUTES * 60_000);
  // Without an address (older callers) the US default zone prices shipping and no tax is due.
  const address = input.shippingAddress ?? null;
  const terms = await deliveryTerms(db, address);
  if (address && !terms.shippingZone) return { ok: false, reason: "no_shipping_zone" };

  try {
    return await db.transaction(async (tx) => {
      await assertClientMayOpen(tx, input.clientIp, now);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          cartId: input.cartId,
          clientIp: input.clientIp ?? null,
          purchaseType: input.purchaseType,
          paymentMethod: input.paymentMethod,
          provider: provider.name,
          subtotalCents: cart.subtotalCents,
          totalCents: cart.totalCents,
          statusToken: newStatusToken(),
          ...(address && orderAddressColumns(address)),
          ...(input.buyerEmail && { email: input.buyerEmail }),
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      if (input.renewalConsent) await recordRenewalConsent(tx, orderId, input.renewalConsent, now);
      let coupon = null;
      if (input.couponCode) {
        const check = await reserveCouponUse(tx, {
          code: input.couponCode,
          orderId,
          // A minimum order is met by what the items cost after their volume discount.
          subtotalCents: cart.totalCents,
          expiresAt,
          now,
          clientIp: input.clientIp,
          customer: { userId: input.userId, email: input.buyerEmail ?? null },
        });
        if (!check.ok) throw new CouponRefused(check.rejection);
        coupon = check.coupon;
      }
      const breakdown = priceCheckout({
        subtotalCents: cart.subtotalCents,
        volumeDiscountCents: cart.volumeDiscountCents,
        totalQuantity: cart.quantity,
        purchaseType: input.purchaseType,
        coupon,
        ...terms,
      });
      await tx
        .update(orders)
        .set({
          volumeDiscountCents: breakdown.volumeDiscountCents,
          subscriptionDiscountCents: breakdown.subscriptionDiscountCents,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
          couponDiscountCents: breakdown.couponDiscountCents,
          shippingCents: breakdown.shippingCents,
          shippingRateName: shippingQuoteFor({ ...terms, ...input }, breakdown.goodsCents)?.rateName ?? null,
          taxCents: breakdown.taxCents,
          taxBasisPoints: breakdown.taxBasisPoints,
          taxState: breakdown.taxCents > 0 ? (address?.state ?? null) : null,
          totalCents: breakdown.totalCents,
        })
        .where(eq(orders.id, orderId));
      await tx.insert(orderItems).values(
        cart.lines.map((line) => ({
          orderId,
          productId: line.productId,
          variantId: line.variantId,
          name: line.name,
          weight: line.weight,
          sku: line.sku,
          unitPriceCents: line.unitPriceCents ?? 0,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
          volumeDiscountCents: line.volumeDiscountCents,
          imageUrl: line.imageUrl,
        })),
      );
      await recordShownWarnings(tx, orderId, input.prop65Warnings ?? [], now);
      await reserveStock(tx, orderId, cart.lines, expiresAt, now, input.clientIp ?? null);
      await recordPoliciesInForce(tx, orderId);
      if (isFreeOrder({ purchaseType: input.purchaseType, totalCents: breakdown.totalCents })) {
        if (!input.userId && !input.buyerEmail) throw new FreeOrderNeedsEmail();
        // Nothing to charge: no provider; the return page confirms it (server/orders/free-order.ts).
        const sessionId = newFreeOrderSessionId();
        await tx.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
        return { ok: true as const, orderId, url: freeOrderReturnUrl(sessionId), breakdown };
      }
      const session = await openSession(tx, provider, { orderId, method: input.paymentMethod, expiresAt });
      return { ok: true as const, orderId, url: session.url, breakdown };
    });
  } catch (error) {
    if (error instanceof TooManyOpenPayments) return { ok: false, reason: "too_many_open" };
    if (error instanceof FreeOrderNeedsEmail) return { ok: false, reason: "email_required" };
    if (error instanceof StockShortage) return { ok: false, reason: "out_of_stock", message: error.message };
    if (error instanceof StockHeldByClient)
      return { ok: false, reason: "stock_held", refusal: error.refusal, name: error.variantName };
    if (error instanceof CouponRefused) return { ok: false, reason: "coupon", rejection: error.rejection };
    if (error instanceof SessionNotOpened)
      return { ok: false, reason: "provider_error", error: error.reason };
    throw error;
  }
}
