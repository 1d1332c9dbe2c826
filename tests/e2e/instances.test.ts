import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mailOutbox, orders, subscriptions } from "../../server/db/schema/index.ts";
import {
  createOrder,
  createSubscription,
  createUser,
  DEFAULT_USER_PASSWORD,
  daysFromNow,
} from "../factories/index.ts";
import { fillCart, firstProductId } from "../security/shopper.ts";
import { Visitor } from "../security/support.ts";
import { type RunningApp, startAnotherInstance, startApp } from "../support/app.ts";
import { describeOnPostgres } from "../support/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

/**
 * Two app processes (the built server) on one PostgreSQL database, as behind a load balancer:
 * whatever a person does on one is seen by the other, and background work runs once per tick.
 */
const SWEEP_MS = 3000;
const MAIL_MS = 2000;
const TOKEN = "two-instances-metrics-token";

let smtp: TestSmtpServer;
let a: RunningApp;
let b: RunningApp;

describeOnPostgres("two instances on one PostgreSQL", () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = {
      // Several instances share the secret that signs session cookies (docs/operations.md).
      AUTH_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      SWEEP_INTERVAL_MS: String(SWEEP_MS),
      MAIL_RETRY_INTERVAL_MS: String(MAIL_MS),
      METRICS_TOKEN: TOKEN,
      LOG_LEVEL: "info",
    };
    a = await startApp({ env });
    b = await startAnotherInstance(a, env);
  });
  afterAll(async () => {
    await b?.destroy();
    await a?.destroy();
    await smtp?.close();
  });

  const db = () => a.database!.db;

  /** A visitor whose requests go to `app`, carrying the cookies `from` collected elsewhere. */
  const on = (app: RunningApp, from?: Visitor) => {
    const visitor = new Visitor(app.url);
    for (const [name, value] of from?.cookies ?? []) visitor.cookies.set(name, value);
    return visitor;
  };

  it("keeps a session made on A valid on B, and a sign-out on B ends it on A", async () => {
    const customer = await createUser(db());
    const onA = on(a);
    await onA.signIn(customer.email, DEFAULT_USER_PASSWORD);
    expect((await onA.get("/orders")).status).toBe(200);

    const onB = on(b, onA);
    // Signed out, /orders sends the visitor to /auth; with A's cookie B shows the page.
    expect((await onB.get("/orders")).status).toBe(200);
    // B's request line names the user, so one customer's requests can be followed across instances.
    // (The line is written after the response, so it may reach the pipe a moment later.)
    const requestLine = () =>
      b
        .output()
        .split("\n")
        .find((l) => l.includes('"path":"/orders"'));
    await expect.poll(requestLine, { timeout: 10_000 }).toBeDefined();
    expect(JSON.parse(requestLine()!)).toMatchObject({ userId: customer.id, status: 200 });

    expect((await onB.postForm("/auth/sign-out", {})).status).toBe(302);
    const afterSignOut = await on(a, onA).get("/orders");
    expect(afterSignOut.status).toBe(302);
    expect(afterSignOut.headers.get("location")).toContain("/auth");
  });

  it("shows a cart filled on A on B", async () => {
    const guest = on(a);
    await fillCart(guest, await firstProductId(guest));
    const cartOnB = await (await on(b, guest).get("/cart")).text();
    expect(cartOnB).toContain("Quantity of ");
    expect(cartOnB).not.toContain("Your cart is empty");
    expect(await (await on(b).get("/cart")).text()).toContain("Your cart is empty");
  });

  it("counts rate-limited attempts of one client on both instances together", async () => {
    // The contact form allows 3 messages a minute per address; stay inside one minute window.
    await untilClock(60_000, (phase) => phase < 40_000);
    const message = (n: number) => ({
      name: "Rita",
      email: "rita@example.com",
      phone: "555-0101",
      message: `hi ${n}`,
    });
    const statuses = [];
    for (const [n, app] of [a, b, a, b].entries())
      statuses.push((await on(app).postForm("/contact", message(n))).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect((await on(a).postForm("/contact", message(5))).status).toBe(429);
  });

  it("renews a due subscription once and sends its email once", async () => {
    const subscriber = await createUser(db());
    const due = await createSubscription(db(), { userId: subscriber.id });
    // The first month's paid order holds the buyer's address the renewal email goes to.
    await createOrder(db(), {
      userId: subscriber.id,
      subscriptionId: due.id,
      purchaseType: "subscription",
      paymentStatus: "paid",
      email: subscriber.email,
      name: "Sam Customer",
    });
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: daysFromNow(-1) })
      .where(eq(subscriptions.id, due.id));
    const renewals = () =>
      db()
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, due.id), eq(orders.userId, subscriber.id)))
        .then((rows) => rows.slice(1));
    await expect.poll(async () => (await renewals()).length, { timeout: 20_000 }).toBe(1);
    const mailTo = () => smtp.received.filter((m) => m.to.includes(subscriber.email));
    await expect.poll(() => mailTo().length, { timeout: 20_000 }).toBe(1);

    // Two more sweeps (each on one instance or the other) change nothing.
    const sweeps = await ranTotal("sweep");
    await expect.poll(() => ranTotal("sweep"), { timeout: 20_000 }).toBeGreaterThanOrEqual(sweeps + 2);
    expect(await renewals()).toHaveLength(1);
    expect(mailTo()).toHaveLength(1);
    expect(mailTo()[0]!.raw).toContain("Subscription renewed");
    const [renewed] = await db().select().from(subscriptions).where(eq(subscriptions.id, due.id));
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
  });

  it("delivers each waiting outbox message once while both instances poll", async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `waiting-${i}@example.com`);
    await db()
      .insert(mailOutbox)
      .values(
        recipients.map((to) => ({
          to,
          subject: "Waiting message",
          template: "verify-email",
          props: { name: "Wait", url: "https://shop.test/verify?token=wait" },
          status: "pending" as const,
          nextAttemptAt: new Date(),
        })),
      );
    const waiting = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(like(mailOutbox.to, "waiting-%"), eq(mailOutbox.status, "sent")));
    await expect.poll(async () => (await waiting()).length, { timeout: 20_000 }).toBe(recipients.length);
    const polls = await ranTotal("mail delivery");
    await expect.poll(() => ranTotal("mail delivery"), { timeout: 20_000 }).toBeGreaterThanOrEqual(polls + 2);
    const delivered = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith("waiting-"));
    expect(delivered.sort()).toEqual([...recipients].sort());
    expect((await waiting()).every((row) => row.attempts === 1)).toBe(true);
  });

  it("runs each sweep, mail and reminder tick on exactly one of the two instances", async () => {
    for (const [job, every] of [
      ["sweep", SWEEP_MS],
      ["mail delivery", MAIL_MS],
      ["abandoned cart reminders", SWEEP_MS],
    ] as const) {
      // Read the counters mid-interval, when both instances have fired for the current tick.
      await untilClock(every, (phase) => Math.abs(phase - every / 2) < 150);
      const before = await jobCounts(job);
      const firstTick = Math.floor(Date.now() / every);
      await untilClock(every, (phase) => Math.abs(phase - every / 2) < 150, 3 * every);
      const after = await jobCounts(job);
      const ticks = Math.floor(Date.now() / every) - firstTick;
      const ran = after.ran - before.ran;
      expect(ticks, job).toBeGreaterThanOrEqual(3);
      expect({ job, ran, skipped: after.skipped - before.skipped }).toEqual({
        job,
        ran: ticks,
        skipped: ticks,
      });
    }
  });
});

/** This job's runs (ok or failed) and skips on both instances together, from their /metrics. */
async function jobCounts(job: string) {
  const totals = { ran: 0, skipped: 0 };
  for (const app of [a, b]) {
    const response = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await response.text();
    for (const [outcome, key] of [
      ["ok", "ran"],
      ["failed", "ran"],
      ["skipped", "skipped"],
    ] as const) {
      const line = text
        .split("\n")
        .find((l) => l.startsWith(`shop_job_runs_total{job="${job}",outcome="${outcome}"}`));
      totals[key] += line ? Number(line.split(" ").pop()) : 0;
    }
  }
  return totals;
}

const ranTotal = async (job: string) => (await jobCounts(job)).ran;

/** Waits (at least `after` ms) until the wall clock's phase within `period` satisfies `ok`. */
async function untilClock(period: number, ok: (phase: number) => boolean, after = 0) {
  const earliest = Date.now() + after;
  while (Date.now() < earliest || !ok(Date.now() % period)) await new Promise((r) => setTimeout(r, 20));
}
