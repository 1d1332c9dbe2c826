import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema/index.ts";
import { ProviderFailureError } from "../../errors.ts";
import { cancelSubscriptionAtPeriodEnd } from "../../subscriptions/cancel.ts";
import type { PrivacyPart } from "../part.ts";

export const SUBSCRIPTION_NOT_CANCELLED = {
  title: "Account not deleted",
  description:
    "Your subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again in a few minutes or contact us.",
};

/**
 * Subscriptions: every one still renewing is cancelled with its provider first (no charge may go
 * on without a customer); a refusal stops the erasure before anything is erased. The rows are then
 * deleted: the renewal orders they made are kept with the orders.
 */
export const subscriptionsPart: PrivacyPart = {
  name: "subscriptions",
  exportFor: async (db, { userId }) => {
    if (!userId) return [];
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return rows.map(
      ({
        id,
        status,
        items,
        monthlyTotalCents,
        currentPeriodEnd,
        cancelAtPeriodEnd,
        canceledAt,
        createdAt,
      }) => ({
        id,
        status,
        items: items.map(({ name, weight, quantity, unitPriceCents }) => ({
          name,
          weight,
          quantity,
          unitPriceCents,
        })),
        monthlyTotalCents,
        currentPeriodEnd,
        cancelAtPeriodEnd,
        canceledAt,
        createdAt,
      }),
    );
  },
  prepareErase: async (db, { userId }, { providerFor }) => {
    if (!userId) return;
    const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    for (const row of rows) {
      if (row.status === "canceled" || row.cancelAtPeriodEnd) continue;
      const result = await cancelSubscriptionAtPeriodEnd(db, providerFor, { subscriptionId: row.id, userId });
      if (!result.ok && result.reason === "provider_error")
        throw new ProviderFailureError(SUBSCRIPTION_NOT_CANCELLED, { cause: result.error });
    }
  },
  eraseFor: async (tx, { userId }) => {
    if (userId) await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  },
};
