import { useFetchers, useRouteLoaderData } from "react-router";
import { applyPendingCartChanges } from "~/lib/store/cart-optimistic.ts";
import type { loader } from "~/routes/store/layout.tsx";
import { emptyCart, type PricedCart } from "~core/pricing/cart-pricing.ts";
import type { PurchaseType } from "~core/pricing/checkout-pricing.ts";

/** Where every cart form posts (the /cart route's action). */
export const cartActionPath = "/cart";

/** The shopper's cart from the store layout, with in-flight cart changes already applied. */
export function useCart(): PricedCart {
  const data = useRouteLoaderData<typeof loader>("routes/store/layout");
  const pending = useFetchers()
    .filter((f) => f.formAction === cartActionPath && f.formData)
    .map((f) => f.formData!);
  return applyPendingCartChanges(data?.cart ?? emptyCart, pending);
}

/** The shipping zone the cart estimates with (the US default zone); null while the cart is empty. */
export function useShippingEstimate() {
  return useRouteLoaderData<typeof loader>("routes/store/layout")?.shippingEstimate ?? null;
}

/** The coupon kept with the cart (applied at checkout), shown with the cart's totals; null when none. */
export function useCartCoupon() {
  return useRouteLoaderData<typeof loader>("routes/store/layout")?.coupon ?? null;
}

/**
 * The purchase choice kept with the cart (one-time or subscription), with an in-flight change
 * applied; `signedIn` because only an account can subscribe.
 */
export function useCartPurchase(): { purchaseType: PurchaseType; signedIn: boolean } {
  const data = useRouteLoaderData<typeof loader>("routes/store/layout");
  const pending = useFetchers().find(
    (f) => f.formAction === cartActionPath && f.formData?.get("intent") === "purchase-type",
  );
  const chosen = pending?.formData?.get("purchaseType");
  const kept = data?.purchaseType ?? "one_time";
  return {
    purchaseType: chosen === "subscription" || chosen === "one_time" ? chosen : kept,
    signedIn: Boolean(data?.user),
  };
}
