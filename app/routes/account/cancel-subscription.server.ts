import { data } from "react-router";
import { z } from "zod";
import { type CancelOutcome, cancelOutcomeMessage, cancelOutcomeStatus } from "~/lib/subscriptions.ts";
import { type ActionToast, actionToast } from "~core/toast.ts";
import type { RequestContext } from "~server/context.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { cancelSubscriptionAtPeriodEnd } from "~server/subscriptions/cancel.ts";

const cancelForm = z.object({
  intent: z.literal("cancel"),
  subscriptionId: z.string().trim().min(1).max(100),
});

export type CancelActionData = { toast: ActionToast; ok: boolean };

/**
 * The "Cancel subscription" form post of the customer page (pass the user's id: only their own
 * subscription can be cancelled) and of the admin detail page (no user id). Answers with a toast
 * and, for pages without JavaScript, the same text inline.
 */
export async function cancelSubscriptionAction(context: RequestContext, formData: FormData, userId?: string) {
  const parsed = cancelForm.safeParse(Object.fromEntries(formData));
  const outcome: CancelOutcome = parsed.success
    ? await cancel(context, parsed.data.subscriptionId, userId)
    : { ok: false, reason: "invalid" };
  const toast = actionToast(cancelOutcomeMessage(outcome));
  return data<CancelActionData>(
    { toast, ok: outcome.ok },
    { status: outcome.ok ? 200 : cancelOutcomeStatus[outcome.reason] },
  );
}

async function cancel(
  context: RequestContext,
  subscriptionId: string,
  userId?: string,
): Promise<CancelOutcome> {
  const result = await cancelSubscriptionAtPeriodEnd(
    context.database.db,
    (name) => providerNamed(context, name),
    { subscriptionId, userId },
  );
  if (result.ok) return { ok: true, currentPeriodEnd: result.subscription.currentPeriodEnd };
  if (result.reason === "provider_error") {
    context.log.error({ err: result.error, subscriptionId }, "the provider refused to cancel a subscription");
  }
  return { ok: false, reason: result.reason };
}
