import { eq } from "drizzle-orm";
import type { PricedCart } from "../../core/pricing/cart-pricing.ts";
import type { PurchaseType } from "../../core/pricing/checkout-pricing.ts";
import { type AppliedCoupon, quoteCoupon } from "../coupons/quote.ts";
import type { Db } from "../db/client.ts";
import { carts } from "../db/schema/index.ts";

/**
 * The coupon a buyer applied stays with the cart (issue 31): kept on the cart row, so a reload,
 * the cart drawer and the cart page all show it. It goes when removed, when the cart is emptied
 * at fulfilment (used), or when it no longer applies (re-checked on every read, then dropped).
 */
export async function keepCartCoupon(db: Db, cartId: string, code: string | null): Promise<void> {
  await db.update(carts).set({ couponCode: code }).where(eq(carts.id, cartId));
}

type QuotedCart = Pick<PricedCart, "subtotalCents" | "volumeDiscountCents" | "totalCents" | "quantity">;

/**
 * The cart's kept coupon, re-checked against the cart as it is now; a code that no longer applies
 * (expired, used up, minimum not met) is dropped from the cart and reported as `dropped`.
 */
export async function cartCoupon(
  db: Db,
  cartId: string | null,
  cart: QuotedCart,
  purchase: { purchaseType: PurchaseType; signedIn: boolean } = { purchaseType: "one_time", signedIn: false },
): Promise<{ applied: AppliedCoupon | null; dropped: string | null }> {
  if (!cartId || cart.quantity === 0) return { applied: null, dropped: null };
  const [row] = await db.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, cartId));
  if (!row?.code) return { applied: null, dropped: null };
  const quote = await quoteCoupon(db, row.code, cart, { ...purchase, cartId });
  if (quote.ok) return { applied: quote.applied, dropped: null };
  await keepCartCoupon(db, cartId, null);
  return { applied: null, dropped: row.code };
}
