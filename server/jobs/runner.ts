import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { systemActor, withActor } from "../audit/actor.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { jobDuration, jobRuns } from "../observability/metrics.ts";
import { claimTick, finishTick } from "./claim.ts";

export type Job = {
  /** Stable name: the key of its job_runs row and its metrics label. */
  name: string;
  everyMs: number;
  /**
   * "cluster": each tick runs on one instance only (claimed in job_runs);
   * "instance": every process runs it (work on its own memory, e.g. counted product views).
   */
  scope: "cluster" | "instance";
  run: (now: Date) => Promise<void>;
  /** Runs once more when the jobs stop (graceful shutdown), on this instance. */
  runAtStop?: boolean;
};

export type Outcome = "ok" | "failed" | "skipped";

export type JobContext = {
  db: Db;
  log: Pick<Logger, "error" | "debug">;
  /** Names this process in job_runs (host, pid and a random part by default). */
  instance?: string;
};

/** How long a claimed run keeps others out: ten intervals, at least a minute. */
const leaseFor = (job: Job) => Math.max(job.everyMs * 10, 60_000);

export const defaultInstanceName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/** One tick of a job: claims it (cluster jobs), runs it, records the outcome; never throws. */
export async function runJobTick(
  job: Job,
  context: Required<JobContext>,
  now = new Date(),
): Promise<Outcome> {
  const claim = { name: job.name, tick: Math.floor(now.getTime() / job.everyMs), instance: context.instance };
  const started = performance.now();
  let outcome: Outcome = "ok";
  try {
    if (job.scope === "cluster" && !(await claimTick(context.db, { ...claim, leaseMs: leaseFor(job) }))) {
      outcome = "skipped";
      return outcome;
    }
    let failure: unknown;
    // What a job changes is recorded as "system" (server/audit/).
    await withActor(systemActor(job.name), () => job.run(now)).catch((error) => {
      failure = error ?? new Error("job failed");
    });
    if (failure !== undefined) {
      outcome = "failed";
      context.log.error({ err: failure, job: job.name }, "background job failed");
    }
    if (job.scope === "cluster") await finishTick(context.db, claim, failure);
  } catch (error) {
    // The claim or its record could not be written (database away): the next tick tries again.
    outcome = "failed";
    context.log.error({ err: error, job: job.name }, "background job could not be scheduled");
  } finally {
    jobRuns.inc({ job: job.name, outcome });
    if (outcome !== "skipped") jobDuration.observe({ job: job.name }, (performance.now() - started) / 1000);
  }
  return outcome;
}

/**
 * Runs each job at the start of every interval of the wall clock (so all instances aim at the
 * same tick) until stopped. A run that overruns its interval makes this process skip ticks
 * rather than overlap itself. Returns the function that stops the timers and waits for runs.
 */
export function startJobs(jobs: Job[], context: JobContext): () => Promise<void> {
  const full = { ...context, instance: context.instance ?? defaultInstanceName() };
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const schedule = (job: Job) => {
    if (stopped) return;
    // A few ms past the boundary, so the tick computed at firing time is the new one.
    const delay = job.everyMs - (Date.now() % job.everyMs) + 5;
    const timer = setTimeout(() => {
      const run = runJobTick(job, full).finally(() => {
        running.delete(run);
        schedule(job);
      });
      running.add(run);
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  };
  for (const job of jobs) schedule(job);

  return async () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.allSettled([...running]);
    for (const job of jobs.filter((j) => j.runAtStop)) {
      await withActor(systemActor(job.name), () => job.run(new Date())).catch((error) =>
        full.log.error({ err: error, job: job.name }, "final job run failed"),
      );
    }
  };
}
