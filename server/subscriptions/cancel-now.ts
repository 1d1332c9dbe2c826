import { applyChange, type ChangeTarget, type SelfServiceDeps } from "./self-service.ts";

/**
 * One-click cancellation (California's automatic renewal law; decision 042): effective at once,
 * no further charges with any provider. Renewal orders already paid still ship; nothing is
 * refunded for the month under way. Cancelling an ended subscription is refused ("already ended").
 */
export function cancelSubscriptionNow(deps: SelfServiceDeps, target: ChangeTarget) {
  return applyChange(deps, target, "cancel", (row, now) => ({
    set: { status: "canceled", canceledAt: now, cancelAtPeriodEnd: false, pausedUntil: null },
    provider: (changer) => changer.cancelNow(row),
  }));
}
