import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { jobRuns } from "../db/schema/index.ts";

export type TickClaim = {
  name: string;
  /** floor(now / interval): the same number on every instance during one interval. */
  tick: number;
  instance: string;
  /** How long the run may take before another instance may start the job again (a crash). */
  leaseMs: number;
};

/**
 * Claims one tick of a job for this instance: true for exactly one caller per tick, however many
 * instances ask at once, and never while an earlier run still holds its lease. One conditional
 * upsert: PostgreSQL's row lock on job_runs decides, and the loser re-reads the winner's tick.
 */
export async function claimTick(db: Db, { name, tick, instance, leaseMs }: TickClaim): Promise<boolean> {
  const lockedUntil = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastTick: tick, instance, lockedUntil, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastTick: tick, instance, lockedUntil, startedAt: sql`now()`, finishedAt: null },
      setWhere: and(
        lt(jobRuns.lastTick, tick),
        or(isNull(jobRuns.lockedUntil), lt(jobRuns.lockedUntil, sql`now()`)),
      ),
    })
    .returning({ name: jobRuns.name });
  return claimed.length === 1;
}

/** Ends this instance's run of the tick: frees the lease and records the outcome. */
export async function finishTick(db: Db, claim: Omit<TickClaim, "leaseMs">, error?: unknown): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      lockedUntil: null,
      finishedAt: sql`now()`,
      lastError:
        error === undefined ? null : String(error instanceof Error ? error.message : error).slice(0, 1000),
      ...(error === undefined ? { succeededAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(jobRuns.name, claim.name),
        eq(jobRuns.instance, claim.instance),
        eq(jobRuns.lastTick, claim.tick),
      ),
    );
}
