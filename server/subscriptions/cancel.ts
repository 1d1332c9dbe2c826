import { and, eq } from "drizzle-orm";
import { updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import type { ProviderName } from "../payments/registry.ts";
import { trackedSubscription } from "./audit.ts";

type Subscription = typeof subscriptions.$inferSelect;

/** The provider that owns a subscription (routes pass `(name) => providerNamed(context, name)`). */
export type ProviderLookup = (name: ProviderName) => Pick<PaymentProvider, "cancelSubscription">;

export type CancelResult =
  | { ok: true; subscription: Subscription }
  | { ok: false; reason: "not_found" | "ended" }
  | { ok: false; reason: "provider_error"; error: unknown };

/**
 * "Cancel anytime": the provider stops billing at the end of the paid period (asked first), then
 * our row says cancel_at_period_end, with the state the provider reports (Stripe) if any. A customer
 * may only cancel their own subscription (pass `userId`: another user's id is simply not found);
 * an admin passes none. Cancelling twice is harmless; a provider refusal changes nothing here.
 */
export async function cancelSubscriptionAtPeriodEnd(
  db: Db,
  providerFor: ProviderLookup,
  target: { subscriptionId: string; userId?: string },
): Promise<CancelResult> {
  const subscription = await findSubscription(db, target);
  if (!subscription) return { ok: false, reason: "not_found" };
  if (subscription.status === "canceled") return { ok: false, reason: "ended" };
  if (subscription.cancelAtPeriodEnd) return { ok: true, subscription };
  try {
    const state = await providerFor(subscription.provider).cancelSubscription(subscription);
    // Recorded when staff cancel (a customer's own cancel has no actor: nothing is recorded).
    const values = { ...state, cancelAtPeriodEnd: true };
    await updateTracked(db, subscriptions, subscription.id, values, trackedSubscription, "cancel");
  } catch (error) {
    return { ok: false, reason: "provider_error", error };
  }
  const updated = await findSubscription(db, target);
  return updated ? { ok: true, subscription: updated } : { ok: false, reason: "not_found" };
}

async function findSubscription(
  db: Db,
  { subscriptionId, userId }: { subscriptionId: string; userId?: string },
): Promise<Subscription | null> {
  if (!isUuid(subscriptionId)) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    );
  return row ?? null;
}
