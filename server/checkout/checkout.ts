import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PostalAddress } from "../../core/orders/address.ts";
import type { PricedCart } from "../../core/pricing/cart-pricing.ts";
import {
  type CheckoutBreakdown,
  type PurchaseType,
  priceCheckout,
  shippingQuoteFor,
} from "../../core/pricing/checkout-pricing.ts";
import { priceCart } from "../cart/cart.ts";
import { checkCouponUse, holdCouponUse } from "../coupons/coupons.ts";
import type { CouponRejection } from "../coupons/rules.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderItems, orders } from "../db/schema/index.ts";
import { type CheckoutWarning, recordShownWarnings } from "../labels/checkout-warnings.ts";
import { freeOrderReturnUrl, isFreeOrder, newFreeOrderSessionId } from "../orders/free-order.ts";
import { openPaymentSession } from "../orders/payment-session.ts";
import { newStatusToken } from "../orders/status-token.ts";
import type {
  PaymentMethod,
  PaymentProvider,
  ProviderOrder,
  ProviderOrderItem,
} from "../payments/provider.ts";
import { recordPoliciesInForce } from "../policies/in-force.ts";
import type { ClientHoldRefusal } from "../reservations/client-holds.ts";
import { deliveryTerms } from "../shipping/terms.ts";
import { reserveStock, StockHeldByClient, StockShortage } from "../stock/reserve.ts";
import { type RenewalConsentInput, recordRenewalConsent } from "../subscriptions/renewal-consent.ts";
import { orderAddressColumns } from "./checkout-address.ts";
import { assertClientMayOpen, TooManyOpenPayments } from "./open-payments.ts";
import {
  type CheckoutRefusalReason,
  CheckoutRefused,
  CouponHeldTooOften,
  CouponRefused,
  couponRefusal,
  PaymentNotStarted,
} from "./refusals.ts";

export const PAYMENT_SESSION_MINUTES = 30;

export type CheckoutRequest = {
  cartId: string | null;
  userId: string | null;
  purchaseType: PurchaseType;
  paymentMethod: PaymentMethod;
  couponCode: string | null;
  /** Where the order goes, collected on our checkout page before the provider (core/orders/address.ts). */
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

/** A payment that started: the order and where the buyer goes to pay. */
export type PlacedOrder = { orderId: string; url: string; breakdown: CheckoutBreakdown };

/**
 * The outcome as a value rather than a throw: what tests, fakes and scripts read. Request code
 * calls `placeOrder` and lets its DomainErrors reach the one error map.
 */
export type CheckoutResult =
  | ({ ok: true } & PlacedOrder)
  | { ok: false; reason: CheckoutRefusalReason | "too_many_open" }
  | { ok: false; reason: "coupon"; rejection: CouponRejection }
  /** A line asks for more than is in stock: `message` is "Only N left" or "<name> is sold out". */
  | { ok: false; reason: "out_of_stock"; message: string }
  /** The client is over its cap on a variant's last units (decision 051); `name` is the variant's. */
  | { ok: false; reason: "stock_held"; refusal: ClientHoldRefusal; name: string }
  /** The card or PayPal provider refused or failed to open a session (spec: 'Payment Failed'). */
  | { ok: false; reason: "provider_error"; error: unknown };

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
    throw new PaymentNotStarted(input.method, error);
  }
  if (!session.url)
    throw new PaymentNotStarted(input.method, new Error(`${provider.name} returned no redirect URL`));
  return session;
}

/** `placeOrder` as a result value (see CheckoutResult); anything unexpected is still thrown. */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutRequest,
): Promise<CheckoutResult> {
  try {
    return { ok: true, ...(await placeOrder(db, provider, input)) };
  } catch (error) {
    const refusal = resultOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

function resultOf(error: unknown): Extract<CheckoutResult, { ok: false }> | null {
  if (error instanceof CheckoutRefused) return { ok: false, reason: error.reason };
  if (error instanceof TooManyOpenPayments) return { ok: false, reason: "too_many_open" };
  if (error instanceof StockShortage) return { ok: false, reason: "out_of_stock", message: error.message };
  if (error instanceof StockHeldByClient)
    return { ok: false, reason: "stock_held", refusal: error.refusal, name: error.variantName };
  if (error instanceof CouponRefused || error instanceof CouponHeldTooOften)
    return { ok: false, reason: "coupon", rejection: error.rejection };
  if (error instanceof PaymentNotStarted) return { ok: false, reason: "provider_error", error: error.cause };
  return null;
}

/**
 * Starts a payment: prices the cart from the database (nothing the browser sends about prices or
 * quantities is used), re-validates and reserves the coupon, creates the unpaid order with its
 * items and opens a payment session — all in one transaction, so a refusal leaves nothing behind.
 */
export async function placeOrder(
  db: Db,
  provider: PaymentProvider,
  input: CheckoutRequest,
): Promise<PlacedOrder> {
  const now = input.now ?? new Date();
  if (input.purchaseType === "subscription" && !input.userId) throw new CheckoutRefused("sign_in_required");
  const cart = input.cart ?? (await priceCart(db, input.cartId));
  if (cart.lines.length === 0) throw new CheckoutRefused("empty_cart");
  if (cart.hasUnavailableLines) throw new CheckoutRefused("unavailable_lines");
  const expiresAt = new Date(now.getTime() + PAYMENT_SESSION_MINUTES * 60_000);
  // Without an address (older callers) the US default zone prices shipping and no tax is due.
  const address = input.shippingAddress ?? null;
  const terms = await deliveryTerms(db, address);
  if (address && !terms.shippingZone) throw new CheckoutRefused("no_shipping_zone");

  return db.transaction(async (tx) => {
    await assertClientMayOpen(tx, input.clientIp, now);
    // The id is drawn here so that the coupon is checked before the order is written: the order
    // row is then inserted once, with its discount, and comes back whole for the payment page.
    const orderId = randomUUID();
    const coupon = await couponFor(tx, input, { orderId, cart, expiresAt, now });
    const breakdown = priceCheckout({
      subtotalCents: cart.subtotalCents,
      volumeDiscountCents: cart.volumeDiscountCents,
      totalQuantity: cart.quantity,
      purchaseType: input.purchaseType,
      coupon,
      ...terms,
    });
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId: input.userId,
        cartId: input.cartId,
        clientIp: input.clientIp ?? null,
        purchaseType: input.purchaseType,
        paymentMethod: input.paymentMethod,
        provider: provider.name,
        subtotalCents: cart.subtotalCents,
        statusToken: newStatusToken(),
        ...(address && orderAddressColumns(address)),
        ...(input.buyerEmail && { email: input.buyerEmail }),
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
      .returning();
    if (coupon) await holdCouponUse(tx, { couponId: coupon.id, orderId, expiresAt });
    if (input.renewalConsent) await recordRenewalConsent(tx, orderId, input.renewalConsent, now);
    const items = await tx.insert(orderItems).values(orderItemRows(orderId, cart)).returning();
    await recordShownWarnings(tx, orderId, input.prop65Warnings ?? [], now);
    await recordPoliciesInForce(tx, orderId);
    const url = await paymentPageOf(tx, provider, input, { order: order!, items, expiresAt });
    // Last before commit: the reservation locks each variant's row until the transaction ends, and
    // in a sale every buyer of the product queues on that lock (docs/performance.md, Flash sale).
    // A session opened for an order refused here is never shown to anyone and expires unpaid.
    await reserveStock(tx, orderId, cart.lines, expiresAt, now, input.clientIp ?? null);
    return { orderId, url, breakdown };
  });
}

/** The coupon the order may use (locked until commit), null without a code; a refusal is thrown. */
async function couponFor(
  tx: Tx,
  input: CheckoutRequest,
  order: { orderId: string; cart: PricedCart; expiresAt: Date; now: Date },
) {
  if (!input.couponCode) return null;
  const check = await checkCouponUse(tx, {
    code: input.couponCode,
    orderId: order.orderId,
    // A minimum order is met by what the items cost after their volume discount.
    subtotalCents: order.cart.totalCents,
    expiresAt: order.expiresAt,
    now: order.now,
    clientIp: input.clientIp,
    customer: { userId: input.userId, email: input.buyerEmail ?? null },
  });
  if (!check.ok) throw couponRefusal(check.rejection);
  return check.coupon;
}

/** The cart's lines as the order's items: what they cost now, whatever the catalog says later. */
function orderItemRows(orderId: string, cart: PricedCart) {
  return cart.lines.map((line) => ({
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
  }));
}

/** Where the buyer is sent to pay: the provider's page, or for an order with nothing to charge, the return page. */
async function paymentPageOf(
  tx: Tx,
  provider: PaymentProvider,
  input: CheckoutRequest,
  placed: { order: ProviderOrder; items: ProviderOrderItem[]; expiresAt: Date },
) {
  const { order } = placed;
  if (isFreeOrder({ purchaseType: input.purchaseType, totalCents: order.totalCents })) {
    if (!input.userId && !input.buyerEmail) throw new CheckoutRefused("email_required");
    // Nothing to charge: no provider; the return page confirms it (server/orders/free-order.ts).
    const sessionId = newFreeOrderSessionId();
    await tx.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, order.id));
    return freeOrderReturnUrl(sessionId);
  }
  const session = await openSession(tx, provider, { ...placed, method: input.paymentMethod });
  return session.url;
}
