import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions } from "../db/schema/index.ts";
import type { ProviderSubscription } from "../payments/events.ts";
import type { SubscriptionState } from "../payments/provider.ts";

/**
 * Copies the provider's current view of a subscription onto our row. Callers pass the state they
 * just fetched from the provider (not an event's snapshot), so events arriving twice or out of
 * order end in the same row. Returns false when we do not know the subscription (yet).
 */
export async function syncSubscriptionState(
  db: Db,
  ref: ProviderSubscription,
  state: SubscriptionState,
): Promise<boolean> {
  const updated = await db
    .update(subscriptions)
    .set(state)
    .where(
      and(
        eq(subscriptions.provider, ref.provider),
        eq(subscriptions.providerSubscriptionId, ref.providerSubscriptionId),
      ),
    )
    .returning({ id: subscriptions.id });
  return updated.length > 0;
}
