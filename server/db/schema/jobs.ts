import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per background job (server/jobs/): the last tick that was claimed, by which instance,
 * and how its last run went. Claiming a tick is one conditional upsert, so with several app
 * instances on one PostgreSQL each tick of a job runs on exactly one of them (decision 025).
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  /** floor(time / interval) of the last claimed run. */
  lastTick: bigint("last_tick", { mode: "number" }).notNull(),
  /** While a run is under way: nobody else starts this job before then (a crashed run's lease expires). */
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  instance: text("instance").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** When the job last finished without an error (metrics: shop_job_last_success_timestamp_seconds). */
  succeededAt: timestamp("succeeded_at", { withTimezone: true }),
  lastError: text("last_error"),
});
