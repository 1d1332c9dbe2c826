import type { PaymentMethodAnswer } from "../payments/subscription-changes.ts";
import {
  askProvider,
  type ChangeTarget,
  ownedSubscription,
  requireRenewing,
  type SelfServiceDeps,
} from "./self-service.ts";

/**
 * "Update payment method": Stripe's billing portal (a session for the subscription's customer,
 * returning to `returnUrl`), PayPal's automatic payments page, or the sandbox's "nothing to update".
 * Changes nothing here, so no lock and no history line.
 */
export async function paymentMethodFor(
  deps: Pick<SelfServiceDeps, "db" | "changerFor">,
  target: Omit<ChangeTarget, "actor">,
  returnUrl: string,
): Promise<PaymentMethodAnswer> {
  const row = await ownedSubscription(deps.db, target);
  if (row.status !== "past_due") requireRenewing(row);
  return askProvider(() => deps.changerFor(row.provider).paymentMethod(row, returnUrl));
}
