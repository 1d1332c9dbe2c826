import type { BadgeVariant } from "~/components/ui/badge.tsx";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~core/orders/subscription-status.ts";
import type { ToastMessage } from "~core/toast.ts";
import { formatDate } from "./dates.ts";

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus };

/** What the subscription screens (customer and admin) show of one subscription. */
export type SubscriptionSummary = {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | Date | null;
  canceledAt: string | Date | null;
};

const statusLabels: Record<SubscriptionSummary["status"], string> = {
  active: "Active",
  past_due: "Payment due",
  canceled: "Cancelled",
  incomplete: "Incomplete",
};

export function subscriptionStatusLabel(status: SubscriptionSummary["status"]): string {
  return statusLabels[status];
}

export function subscriptionStatusVariant(sub: SubscriptionSummary): BadgeVariant {
  if (sub.status === "active") return sub.cancelAtPeriodEnd ? "warning" : "success";
  if (sub.status === "past_due") return "destructive";
  return "muted";
}

/** The renewal column: 'Renews on …', 'Cancels on …' (cancel at period end) or 'Ended on …'. */
export function renewalText(sub: SubscriptionSummary): string {
  if (sub.status === "canceled") {
    return sub.canceledAt ? `Ended on ${formatDate(sub.canceledAt)}` : "Ended";
  }
  if (!sub.currentPeriodEnd) return "—";
  const date = formatDate(sub.currentPeriodEnd);
  return sub.cancelAtPeriodEnd ? `Cancels on ${date}` : `Renews on ${date}`;
}

/** Only a running subscription that is not already ending can be cancelled. */
export function canCancel(sub: SubscriptionSummary): boolean {
  return (sub.status === "active" || sub.status === "past_due") && !sub.cancelAtPeriodEnd;
}

/** The confirmation every cancel button asks first. */
export function cancelQuestion(sub: SubscriptionSummary): string {
  const end = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : "the end of the current month";
  return `Renewals stop: you will not be charged again; your last delivery is the one already paid for. The subscription stays active until ${end}.`;
}

export function providerLabel(provider: "sandbox" | "stripe" | "paypal"): string {
  if (provider === "stripe") return "Stripe";
  if (provider === "paypal") return "PayPal";
  return "Sandbox (test mode)";
}

/** "Gold Grade Shilajit Resin (30g) × 2, Liquid Shilajit Drops (30ml) × 1". */
export function itemsText(items: { name: string; weight: string; quantity: number }[]): string {
  return items
    .map((item) => `${item.name}${item.weight ? ` (${item.weight})` : ""} × ${item.quantity}`)
    .join(", ");
}

export type CancelOutcome =
  | { ok: true; currentPeriodEnd: string | Date | null }
  | { ok: false; reason: "not_found" | "ended" | "provider_error" | "invalid" };

/** The toast (and, without JavaScript, the inline message) after a cancel request. */
export function cancelOutcomeMessage(outcome: CancelOutcome): ToastMessage {
  if (outcome.ok) {
    const end = outcome.currentPeriodEnd ? ` on ${formatDate(outcome.currentPeriodEnd)}` : "";
    return {
      title: "Subscription cancelled",
      description: `You will not be charged again. The subscription ends${end}.`,
      variant: "success",
    };
  }
  const descriptions = {
    not_found: "We could not find that subscription. Nothing was changed.",
    invalid: "We could not find that subscription. Nothing was changed.",
    ended: "This subscription has already ended.",
    provider_error:
      "The payment provider did not confirm the cancellation, so nothing was changed. Please try again in a few minutes.",
  } as const;
  return { title: "Cancellation failed", description: descriptions[outcome.reason], variant: "destructive" };
}

export const cancelOutcomeStatus = { not_found: 404, invalid: 400, ended: 409, provider_error: 502 } as const;
