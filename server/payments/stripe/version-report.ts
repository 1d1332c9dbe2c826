import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webhookEvents } from "../../db/schema/index.ts";
import { PINNED_STRIPE_API_VERSION } from "./api-version.ts";

export const VERSION_REPORT_DAYS = 30;

export type VersionSighting = { apiVersion: string; events: number; lastAt: Date };

/**
 * The Stripe events of the last 30 days rendered at another API version than the pinned one, by
 * version, read from the event log (so every instance reports the same): what the admin's webhook
 * screen warns about.
 */
export async function stripeVersionSightings(db: Db, now = new Date()): Promise<VersionSighting[]> {
  const since = new Date(now.getTime() - VERSION_REPORT_DAYS * 24 * 60 * 60 * 1000);
  const version = sql<string>`${webhookEvents.payload}->>'api_version'`;
  const rows = await db
    .select({
      apiVersion: version,
      events: sql<number>`count(*)::int`,
      lastAt: sql<string>`max(${webhookEvents.receivedAt})::text`,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, "stripe"),
        gt(webhookEvents.receivedAt, since),
        isNotNull(webhookEvents.payload),
        sql`${version} is distinct from ${PINNED_STRIPE_API_VERSION}`,
      ),
    )
    .groupBy(version);
  return rows
    .map((row) => ({
      apiVersion: row.apiVersion ?? "none",
      events: row.events,
      lastAt: new Date(row.lastAt),
    }))
    .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
}
