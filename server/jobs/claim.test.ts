import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { jobRuns as jobRunsTable } from "../db/schema/index.ts";
import { jobRuns } from "../observability/metrics.ts";
import { claimTick, finishTick } from "./claim.ts";
import { type Job, runJobTick } from "./runner.ts";

const log = pino({ level: "silent" });
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const claim = (name: string, tick: number, instance: string, leaseMs = 60_000) =>
  claimTick(database.db, { name, tick, instance, leaseMs });

describe("claiming a job's tick", () => {
  it("gives each tick to exactly one of several instances asking at once", async () => {
    const answers = await Promise.all(["a", "b", "c", "d", "e", "f"].map((i) => claim("race", 100, i)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = ["a", "b", "c", "d", "e", "f"][answers.indexOf(true)]!;
    await finishTick(database.db, { name: "race", tick: 100, instance: winner });
    // The same tick is never run again, by anyone.
    expect(await claim("race", 100, "g")).toBe(false);
    expect(await claim("race", 99, "g")).toBe(false);
  });

  it("keeps the next tick waiting while a run holds its lease, and frees it when the lease lapses", async () => {
    expect(await claim("slow", 1, "a", 60_000)).toBe(true);
    // Still running on "a": tick 2 is not started elsewhere.
    expect(await claim("slow", 2, "b")).toBe(false);
    await finishTick(database.db, { name: "slow", tick: 1, instance: "a" });
    expect(await claim("slow", 2, "b")).toBe(true);

    // "b" crashed mid-run: once its lease is over, another instance takes the job again.
    await database.db
      .update(jobRunsTable)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobRunsTable.name, "slow"));
    expect(await claim("slow", 3, "c")).toBe(true);
  });
});

describe("running a job tick", () => {
  const context = () => ({ db: database.db, log, instance: "here" });
  const job = (name: string, run: Job["run"]): Job => ({ name, everyMs: 60_000, scope: "cluster", run });

  it("runs a cluster job once per tick and records its success", async () => {
    let runs = 0;
    const counting = job("counting", async () => void runs++);
    const now = new Date();
    const outcomes = await Promise.all([
      runJobTick(counting, context(), now),
      runJobTick(counting, context(), now),
    ]);
    expect(outcomes.sort()).toEqual(["ok", "skipped"]);
    expect(runs).toBe(1);
    const [row] = await database.db.select().from(jobRunsTable).where(eq(jobRunsTable.name, "counting"));
    expect(row).toMatchObject({ instance: "here", lockedUntil: null, lastError: null });
    expect(row!.succeededAt).toBeInstanceOf(Date);
    expect(jobRuns.get({ job: "counting", outcome: "ok" })).toBe(1);
    expect(jobRuns.get({ job: "counting", outcome: "skipped" })).toBe(1);
  });

  it("records a failure, frees the lease and lets the next tick run", async () => {
    let fail = true;
    const flaky = job("flaky", async () => {
      if (fail) throw new Error("provider down");
    });
    const first = new Date();
    expect(await runJobTick(flaky, context(), first)).toBe("failed");
    const [row] = await database.db.select().from(jobRunsTable).where(eq(jobRunsTable.name, "flaky"));
    expect(row).toMatchObject({ lastError: "provider down", lockedUntil: null, succeededAt: null });
    fail = false;
    expect(await runJobTick(flaky, context(), new Date(first.getTime() + 60_000))).toBe("ok");
    expect(jobRuns.get({ job: "flaky", outcome: "failed" })).toBe(1);
  });

  it("runs an instance job in every process, without a claim", async () => {
    let runs = 0;
    const local: Job = { name: "local", everyMs: 5000, scope: "instance", run: async () => void runs++ };
    const now = new Date();
    await Promise.all([runJobTick(local, context(), now), runJobTick(local, context(), now)]);
    expect(runs).toBe(2);
    expect(await database.db.select().from(jobRunsTable).where(eq(jobRunsTable.name, "local"))).toEqual([]);
  });
});
