import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, webhookEvents } from "../db/schema/index.ts";
import { type Job, runJobTick } from "../jobs/runner.ts";
import { readSystemHealth } from "./system-health.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const context = () => ({ db: database.db, log: pino({ level: "silent" }), instance: "test-instance" });
const job = (name: string, run: Job["run"]): Job => ({ name, everyMs: 60_000, scope: "cluster", run });

describe("the System page's figures", () => {
  it("tell a failing job from a healthy one, with its error, last success and this server's tallies", async () => {
    const minute = (n: number) => new Date(Date.UTC(2026, 10, 28, 10, n));
    await runJobTick(
      job("mail", async () => {}),
      context(),
      minute(0),
    );
    await runJobTick(
      job("mail", async () => {}),
      context(),
      minute(1),
    );
    await runJobTick(
      job("sweep", async () => {}),
      context(),
      minute(0),
    );
    await runJobTick(
      job("sweep", () => Promise.reject(new Error("SMTP refused the login"))),
      context(),
      minute(1),
    );

    const health = await readSystemHealth(database);
    const byName = Object.fromEntries(health.jobs.map((j) => [j.name, j]));
    expect(byName.mail).toMatchObject({ failing: false, lastError: null, instance: "test-instance" });
    expect(byName.mail!.lastSuccessAt).toBeInstanceOf(Date);
    expect(byName.sweep).toMatchObject({ failing: true, lastError: "SMTP refused the login" });
    expect(byName.sweep!.lastSuccessAt).toBeInstanceOf(Date); // the first run's success stays
    expect(byName.sweep!.here.failed).toBeGreaterThanOrEqual(1);
  });

  it("count what waits: outbox messages pending and given up, webhook events that failed", async () => {
    const before = await readSystemHealth(database);
    await database.db.insert(mailOutbox).values([
      { to: "a@example.com", subject: "One", template: "t", status: "pending" },
      { to: "b@example.com", subject: "Two", template: "t", status: "pending" },
      { to: "c@example.com", subject: "Three", template: "t", status: "failed" },
      { to: "d@example.com", subject: "Four", template: "t", status: "sent" },
    ]);
    await database.db.insert(webhookEvents).values([
      { provider: "stripe", eventId: "evt_1", type: "invoice.paid", outcome: "failed", error: "boom" },
      { provider: "stripe", eventId: "evt_2", type: "invoice.paid", outcome: "processed" },
    ]);
    const health = await readSystemHealth(database);
    expect(health.outbox.pending - before.outbox.pending).toBe(2);
    expect(health.outbox.failed - before.outbox.failed).toBe(1);
    expect(health.outbox.oldestPendingAt).toBeInstanceOf(Date);
    expect(health.webhooks.failed - before.webhooks.failed).toBe(1);
    expect(health.database.kind).toBe(database.kind);
    expect(health.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(health.process.node).toBe(process.version);
  });
});
