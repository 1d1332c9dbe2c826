import { and, eq, lte } from "drizzle-orm";
import { isPaused, pauseEnd, resumedRenewal } from "../../core/orders/subscription-schedule.ts";
import { subscriptions } from "../db/schema/index.ts";
import { ConflictError } from "../errors.ts";
import type { PausePlan } from "../payments/subscription-changes.ts";
import { longDate } from "./notices.ts";
import {
  applyChange,
  type ChangePlan,
  type ChangeTarget,
  requireRenewing,
  type SelfServiceDeps,
  type Subscription,
} from "./self-service.ts";

/**
 * Skip and pause (decision 042): no charge and no delivery for `months` renewals from the next
 * one; renewals go on by themselves at the paused-until date. A skip is a pause of one renewal,
 * asked of the provider as a skip (PayPal cannot). The sandbox, our own biller, moves its renewal
 * date; Stripe and PayPal keep theirs and do not charge meanwhile.
 */
function pausePlan(row: Subscription, now: Date, kind: PausePlan["kind"], months: number): ChangePlan {
  requireRenewing(row);
  if (isPaused(row, now)) {
    throw new ConflictError({
      title: "Already paused",
      description: `This subscription is paused until ${longDate(row.pausedUntil)}. Resume it first.`,
    });
  }
  const nextRenewal = row.currentPeriodEnd ?? now;
  const until = pauseEnd(nextRenewal, months);
  return {
    set: { pausedUntil: until, ...(row.provider === "sandbox" && { currentPeriodEnd: until }) },
    provider: (changer) => changer.pause(row, { kind, months, nextRenewal, until }),
  };
}

export function skipNextDelivery(deps: SelfServiceDeps, target: ChangeTarget) {
  return applyChange(deps, target, "skip", (row, now) => pausePlan(row, now, "skip", 1));
}

export function pauseSubscription(deps: SelfServiceDeps, target: ChangeTarget, months: number) {
  return applyChange(deps, target, "pause", (row, now) => pausePlan(row, now, "pause", months));
}

/** Renewals restart: the sandbox's next renewal is the first date of its monthly cycle still ahead. */
export function resumeSubscription(deps: SelfServiceDeps, target: ChangeTarget) {
  return applyChange(deps, target, "resume", (row, now) => {
    if (!isPaused(row, now) || !row.pausedUntil) {
      throw new ConflictError({ title: "Not paused", description: "This subscription is not paused." });
    }
    const renewal = resumedRenewal(row.pausedUntil, now);
    return {
      set: { pausedUntil: null, ...(row.provider === "sandbox" && { currentPeriodEnd: renewal }) },
      provider: (changer) => changer.resume(row),
    };
  });
}

/**
 * PayPal has no resume date: a suspended subscription stays suspended until activated. The minute
 * sweep activates those whose pause is over (the sandbox and Stripe resume by themselves).
 * Returns how many resumed; one PayPal refusal does not stop the others (it is tried again).
 */
export async function resumeDuePaypalPauses(deps: SelfServiceDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "paypal"),
        eq(subscriptions.status, "active"),
        lte(subscriptions.pausedUntil, now),
      ),
    )
    .limit(100);
  let resumed = 0;
  for (const { id } of due) {
    const done = await applyChange(deps, { subscriptionId: id, actor: "system" }, "resume", (row) => {
      if (!row.pausedUntil || row.pausedUntil > now) throw new ConflictError({ title: "Not due" });
      return { set: { pausedUntil: null }, provider: (changer) => changer.resume(row) };
    }).then(
      () => true,
      () => false,
    );
    if (done) resumed++;
  }
  return resumed;
}
