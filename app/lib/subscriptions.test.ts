import { describe, expect, it } from "vitest";
import { subscriptionStatus } from "../../server/db/schema/index.ts";
import {
  canCancel,
  cancelOutcomeMessage,
  itemsText,
  renewalText,
  SUBSCRIPTION_STATUSES,
  type SubscriptionSummary,
  subscriptionStatusVariant,
} from "./subscriptions.ts";

const active: SubscriptionSummary = {
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2026-01-05T10:00:00.000Z",
  canceledAt: null,
};

describe("subscription display helpers", () => {
  it("lists exactly the database's subscription statuses", () => {
    expect(SUBSCRIPTION_STATUSES).toEqual(subscriptionStatus.enumValues);
  });

  it("says when it renews, when it stops (cancel at period end) or when it ended", () => {
    expect(renewalText(active)).toBe("Renews on Jan 05, 2026");
    expect(renewalText({ ...active, cancelAtPeriodEnd: true })).toBe("Cancels on Jan 05, 2026");
    expect(renewalText({ ...active, status: "canceled", canceledAt: "2026-02-01T00:00:00Z" })).toBe(
      "Ended on Feb 01, 2026",
    );
    expect(renewalText({ ...active, currentPeriodEnd: null })).toBe("—");
  });

  it("offers Cancel only while it still renews", () => {
    expect(canCancel(active)).toBe(true);
    expect(canCancel({ ...active, status: "past_due" })).toBe(true);
    expect(canCancel({ ...active, cancelAtPeriodEnd: true })).toBe(false);
    expect(canCancel({ ...active, status: "canceled" })).toBe(false);
    expect(canCancel({ ...active, status: "incomplete" })).toBe(false);
    expect(subscriptionStatusVariant({ ...active, cancelAtPeriodEnd: true })).toBe("warning");
  });

  it("lists items and words the cancel outcome", () => {
    expect(
      itemsText([
        { name: "Resin", weight: "30g", quantity: 2 },
        { name: "Drops", weight: "", quantity: 1 },
      ]),
    ).toBe("Resin (30g) × 2, Drops × 1");
    expect(cancelOutcomeMessage({ ok: true, currentPeriodEnd: active.currentPeriodEnd })).toMatchObject({
      title: "Subscription cancelled",
      description: "You will not be charged again. The subscription ends on Jan 05, 2026.",
      variant: "success",
    });
    expect(cancelOutcomeMessage({ ok: false, reason: "provider_error" })).toMatchObject({
      title: "Cancellation failed",
      variant: "destructive",
    });
  });
});
