import type { PricedCart } from "../../core/pricing/cart-pricing.ts";
import { type CouponTerms, type PurchaseType, priceCheckout } from "../../core/pricing/checkout-pricing.ts";
import type { Db } from "../db/client.ts";
import { validateCoupon } from "./coupons.ts";
import type { CouponRejection } from "./rules.ts";

/** A coupon as the checkout page holds it: its stored code and terms (never a price). */
export type AppliedCoupon = CouponTerms & { code: string };

export type CouponQuote =
  | { ok: true; applied: AppliedCoupon; savedCents: number }
  | { ok: false; rejection: CouponRejection };

/**
 * What a typed coupon code does to this cart: refused with the spec's reason, or its terms and the
 * amount it saves, priced by the one pricing module. Only signed-in buyers may subscribe, so a
 * guest's saving is priced as a one-time purchase.
 */
export async function quoteCoupon(
  db: Db,
  code: string,
  cart: Pick<PricedCart, "subtotalCents" | "volumeDiscountCents" | "totalCents" | "quantity">,
  purchase: { purchaseType: PurchaseType; signedIn: boolean; cartId?: string | null },
): Promise<CouponQuote> {
  // A minimum order is met by what the items cost after their volume discount (decision 030).
  // Holds of this cart's own payments do not count against it (see validateCoupon).
  const result = await validateCoupon(db, code, cart.totalCents, new Date(), purchase.cartId ?? undefined);
  if (!result.ok) return result;
  const { code: stored, discountType, discountValueHundredths } = result.coupon;
  const applied = { code: stored, discountType, discountValueHundredths };
  const savedCents = priceCheckout({
    subtotalCents: cart.subtotalCents,
    volumeDiscountCents: cart.volumeDiscountCents,
    totalQuantity: cart.quantity,
    purchaseType: purchase.signedIn ? purchase.purchaseType : "one_time",
    coupon: applied,
  }).couponDiscountCents;
  return { ok: true, applied, savedCents };
}
