import { toPaidOrder } from "~/components/store/paid-order.tsx";
import type { PaymentOutcome } from "~/lib/store/payment-return.ts";
import type { ToastMessage } from "~core/toast.ts";
import { actionToast } from "~core/toast.ts";
import { processReturn } from "~server/checkout/return-page.ts";
import type { RequestContext } from "~server/context.ts";
import { startedSubscription } from "~server/subscriptions/started.ts";

/**
 * What a return page shows once the provider answered: the paid order and the success toast,
 * no order and the failure toast, or `pending` when the server could not confirm it yet. Loaders return it unawaited, so the page streams its
 * processing state first.
 */
export async function paymentOutcome(
  context: RequestContext,
  sessionId: string | null,
  toasts: { paid: ToastMessage; failed: ToastMessage; declined?: ToastMessage },
): Promise<PaymentOutcome> {
  const outcome = sessionId ? await processReturn(context, sessionId) : ({ state: "failed" } as const);
  if (outcome.state === "pending") return { order: null, toast: null, pending: true };
  if (outcome.state === "failed") return { order: null, toast: actionToast(toasts.failed) };
  if (outcome.state === "declined")
    return { order: null, toast: actionToast(toasts.declined ?? toasts.failed), retryUrl: outcome.retryUrl };
  const subscription = await startedSubscription(context.database.db, outcome.order.subscriptionId).catch(
    (error) => {
      // The order is paid: a failed look-up only leaves the subscription's next date out.
      context.log.warn({ err: error }, "subscription look-up for the return page failed");
      return null;
    },
  );
  return { order: toPaidOrder(outcome.order, subscription), toast: actionToast(toasts.paid) };
}
