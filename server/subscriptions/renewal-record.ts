import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { renewalConsents, subscriptionNotices, subscriptionPriceChanges } from "../db/schema/index.ts";

/**
 * What the back office shows of a subscription's automatic renewal (decision 046): the consent
 * given at checkout, the notices sent since, and a price change waiting for its renewal.
 */
export async function adminRenewalRecord(db: Db, subscriptionId: string) {
  if (!isUuid(subscriptionId)) return { consent: null, notices: [], waitingChange: null };
  const [consents, notices, changes] = await Promise.all([
    db
      .select()
      .from(renewalConsents)
      .where(eq(renewalConsents.subscriptionId, subscriptionId))
      .orderBy(desc(renewalConsents.consentedAt))
      .limit(1),
    db
      .select()
      .from(subscriptionNotices)
      .where(eq(subscriptionNotices.subscriptionId, subscriptionId))
      .orderBy(desc(subscriptionNotices.sentAt))
      .limit(50),
    db
      .select()
      .from(subscriptionPriceChanges)
      .where(
        and(
          eq(subscriptionPriceChanges.subscriptionId, subscriptionId),
          isNull(subscriptionPriceChanges.appliedAt),
        ),
      ),
  ]);
  const change = changes[0];
  return {
    consent: consents[0] ?? null,
    notices: notices.map(({ id, kind, summary, sentAt }) => ({ id, kind, summary, sentAt })),
    waitingChange: change
      ? {
          newMonthlyCents: change.newMonthlyCents,
          effectiveAt: change.effectiveAt,
          notifyAt: change.notifyAt,
          noticeSentAt: change.noticeSentAt,
        }
      : null,
  };
}

export type AdminRenewalRecord = Awaited<ReturnType<typeof adminRenewalRecord>>;
