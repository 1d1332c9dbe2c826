import { eq, max, sql } from "drizzle-orm";
import type { PolicySlug } from "../../core/legal/policies.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderPolicyVersions, policyVersions } from "../db/schema/index.ts";

export type PolicyVersionsInForce = Partial<Record<PolicySlug, number>>;

const toRecord = (rows: { policy: string; version: number | null }[]): PolicyVersionsInForce =>
  Object.fromEntries(rows.map((row) => [row.policy, Number(row.version)]));

/**
 * The version number in force of each policy, e.g. `{ terms: 3, refunds: 1, privacy: 2, … }`:
 * what a customer agrees to at this moment (orders record it; so can a renewal consent).
 */
export async function currentPolicyVersions(db: Db | Tx): Promise<PolicyVersionsInForce> {
  const rows = await db
    .select({ policy: policyVersions.policy, version: max(policyVersions.version) })
    .from(policyVersions)
    .groupBy(policyVersions.policy);
  return toRecord(rows);
}

/**
 * Records on the order the policy versions in force as it is placed, in the checkout's
 * transaction: one insert … select, nothing is read into the app first.
 */
export async function recordPoliciesInForce(tx: Db | Tx, orderId: string) {
  await tx
    .insert(orderPolicyVersions)
    .select(
      tx
        .select({
          orderId: sql`${orderId}::uuid`.as("order_id"),
          policy: policyVersions.policy,
          version: max(policyVersions.version).as("version"),
          recordedAt: sql`now()`.as("recorded_at"),
        })
        .from(policyVersions)
        .groupBy(policyVersions.policy),
    )
    .onConflictDoNothing();
}

/** The versions recorded on an order (what its buyer agreed to). */
export async function orderPolicyVersionsOf(db: Db, orderId: string): Promise<PolicyVersionsInForce> {
  const rows = await db
    .select({ policy: orderPolicyVersions.policy, version: orderPolicyVersions.version })
    .from(orderPolicyVersions)
    .where(eq(orderPolicyVersions.orderId, orderId));
  return toRecord(rows);
}
