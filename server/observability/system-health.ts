import { count, eq, min, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { jobRuns, mailOutbox, webhookEvents } from "../db/schema/index.ts";
import { jobRuns as jobRunCounter } from "./metrics.ts";

/**
 * What an owner checks when "emails stopped": each background job's last run and success, what
 * waits (outbox, webhook events to retry), the database and this process. Read for the admin's
 * Settings → System page; every figure comes from the database (all instances) except the
 * process's own (uptime, this instance's job tallies).
 */
export type JobHealth = {
  name: string;
  lastRunAt: Date;
  finishedAt: Date | null;
  lastSuccessAt: Date | null;
  /** The last run's error; null when it succeeded. */
  lastError: string | null;
  /** A run that finished after the last success failed: "failing since" that success. */
  failing: boolean;
  instance: string;
  /** This instance's runs since it started, by outcome (metrics' shop_job_runs_total). */
  here: { ok: number; failed: number; skipped: number };
};

export type SystemHealth = {
  jobs: JobHealth[];
  outbox: { pending: number; failed: number; oldestPendingAt: Date | null };
  webhooks: { failed: number; oldestFailedAt: Date | null };
  database: { kind: Database["kind"]; sizeBytes: number | null };
  process: { node: string; startedAt: Date; uptimeSeconds: number; version: string | null };
};

export async function readSystemHealth(
  database: Pick<Database, "db" | "kind">,
  options: { version?: string | null; now?: Date } = {},
): Promise<SystemHealth> {
  const { db } = database;
  const [jobs, outbox, [oldestPending], [failedEvents], size] = await Promise.all([
    db.select().from(jobRuns).orderBy(jobRuns.name),
    db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
    db
      .select({ at: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "pending")),
    db
      .select({ n: count(), at: min(webhookEvents.receivedAt) })
      .from(webhookEvents)
      .where(eq(webhookEvents.outcome, "failed")),
    db.execute(sql`select pg_database_size(current_database())::bigint as bytes`),
  ]);
  const tally = (status: string) => Number(outbox.find((o) => o.status === status)?.n ?? 0);
  const now = options.now ?? new Date();
  const uptimeSeconds = Math.round(process.uptime());
  return {
    jobs: jobs.map((job) => ({
      name: job.name,
      lastRunAt: job.startedAt,
      finishedAt: job.finishedAt,
      lastSuccessAt: job.succeededAt,
      lastError: job.lastError,
      failing: Boolean(job.lastError),
      instance: job.instance,
      here: {
        ok: jobRunCounter.get({ job: job.name, outcome: "ok" }),
        failed: jobRunCounter.get({ job: job.name, outcome: "failed" }),
        skipped: jobRunCounter.get({ job: job.name, outcome: "skipped" }),
      },
    })),
    outbox: {
      pending: tally("pending"),
      failed: tally("failed"),
      oldestPendingAt: oldestPending?.at ?? null,
    },
    webhooks: { failed: Number(failedEvents?.n ?? 0), oldestFailedAt: failedEvents?.at ?? null },
    database: {
      kind: database.kind,
      sizeBytes: Number(rowsOf<{ bytes: string | number }>(size)[0]?.bytes ?? Number.NaN) || null,
    },
    process: {
      node: process.version,
      startedAt: new Date(now.getTime() - uptimeSeconds * 1000),
      uptimeSeconds,
      version: options.version ?? null,
    },
  };
}
