import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { PaidOrder } from "~/components/store/paid-order.tsx";
import type { ActionToast } from "~core/toast.ts";

/** A return page's result: the paid order (null when the provider did not confirm it) and its toast. */
export type PaymentOutcome = { order: PaidOrder | null; toast: ActionToast };

/**
 * The return pages' shouldRevalidate: refreshing the same URL after payment (to empty the header's
 * cart) reloads the layout only, never the payment step or its toast.
 */
export function keepPaymentResultOnRefresh({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}
