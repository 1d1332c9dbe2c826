import { toPaidOrder } from "~/components/store/paid-order.tsx";
import type { ToastMessage } from "~core/toast.ts";
import { actionToast } from "~core/toast.ts";
import { processReturn } from "~server/checkout/return-page.server.ts";
import type { RequestContext } from "~server/context.ts";
import type { PaymentOutcome } from "./payment-return.ts";

/**
 * What a return page shows once the provider answered: the paid order and the success toast,
 * or no order and the failure toast. Loaders return it unawaited, so the page streams its
 * processing state first.
 */
export async function paymentOutcome(
  context: RequestContext,
  sessionId: string | null,
  toasts: { paid: ToastMessage; failed: ToastMessage },
): Promise<PaymentOutcome> {
  const order = sessionId ? await processReturn(context, sessionId) : null;
  if (!order) return { order: null, toast: actionToast(toasts.failed) };
  return { order: toPaidOrder(order), toast: actionToast(toasts.paid) };
}
