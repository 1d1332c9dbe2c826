import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { PaidOrder } from "~/components/store/paid-order.tsx";
import type { ActionToast } from "~core/toast.ts";

/**
 * A return page's result: the paid order (null when the provider did not confirm it) and its
 * toast; or `pending` when the server could not confirm yet (the payment is safe, the page retries).
 * `retryUrl`: the provider declined the funding source; the buyer chooses another there.
 */
export type PaymentOutcome =
  | { order: PaidOrder | null; toast: ActionToast; pending?: false; retryUrl?: string }
  | { order: null; toast: null; pending: true; retryUrl?: undefined };

/** The same return URL with a retry counter, so the loader runs again (a same-URL reload does not). */
export function retryHref(url: URL): { href: string; attempt: number } {
  const next = new URL(url);
  const attempt = Number(next.searchParams.get("retry") ?? 0) + 1;
  next.searchParams.set("retry", String(attempt));
  return { href: `${next.pathname}${next.search}`, attempt };
}

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
