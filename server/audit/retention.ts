import { lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { auditEntries } from "../db/schema/index.ts";
import { auditedSetting } from "./setting.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_DAYS = 730;
/** At least 30 days (a month of history), at most 10 years. */
export const retentionDaysSchema = z.coerce
  .number("Keep entries for must be a number of days")
  .int("Keep entries for must be a whole number of days")
  .min(30, "Keep entries for at least 30 days")
  .max(3650, "Keep entries for at most 3650 days (10 years)");

const auditSettingsSchema = z.object({ retentionDays: retentionDaysSchema });
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

/** The owner's setting (shop_facts): how long audit entries are kept; two years by default. */
const stored = auditedSetting("audit-settings", "Activity log retention", auditSettingsSchema, {
  retentionDays: DEFAULT_RETENTION_DAYS,
});

export const getAuditSettings = (db: Db | Tx) => stored.get(db);

/** Saves the retention (the change is itself in the log). */
export const saveAuditSettings = (db: Db, settings: AuditSettings) => stored.save(db, settings);

/** How often the prune job runs: hourly is plenty for a limit counted in days. */
export const AUDIT_PRUNE_MS = 60 * 60 * 1000;

/**
 * Deletes the entries older than the retention. The table's trigger refuses every DELETE unless
 * the transaction set `audit.prune` (migration 0048): this is the only code that does.
 */
export function pruneAuditLog(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { retentionDays } = await stored.get(tx);
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    await tx.execute(sql`select set_config('audit.prune', 'on', true)`);
    const deleted = await tx
      .delete(auditEntries)
      .where(lt(auditEntries.createdAt, cutoff))
      .returning({ id: auditEntries.id });
    return deleted.length;
  });
}
