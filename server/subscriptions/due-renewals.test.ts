import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createSubscription, createUser, type User } from "../../tests/factories/index.ts";
import { recordingMailer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { runSweep } from "../background.ts";
import { orders, subscriptions } from "../db/schema/index.ts";
import { renewDueSandboxSubscriptions } from "./due-renewals.ts";

let database: TestDatabase;
let customer: User;
beforeAll(async () => {
  database = await createTestDatabase();
  customer = await createUser(database.db);
});
afterAll(() => database.destroy());

const hour = 60 * 60 * 1000;

/** A sandbox subscription whose period ended an hour before `now`, with its paid first order. */
async function dueSubscription(now: Date, overrides: Parameters<typeof createSubscription>[1]) {
  const sub = await createSubscription(database.db, {
    currentPeriodEnd: new Date(now.getTime() - hour),
    ...overrides,
  });
  await createOrder(database.db, {
    userId: overrides.userId,
    paymentStatus: "paid",
    purchaseType: "subscription",
    subscriptionId: sub.id,
    email: "renew@example.com",
    name: "Rene Wal",
    createdAt: new Date(sub.createdAt.getTime() - 1000),
  });
  return sub;
}

const paidOrdersOf = (subscriptionId: string) =>
  database.db
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.paymentStatus, "paid")));
const rowOf = async (id: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe("renewDueSandboxSubscriptions", () => {
  it("renews due sandbox subscriptions once, ends those cancelled at period end, leaves the rest", async () => {
    const now = new Date(Date.now() + 400 * 24 * hour); // past every other test's periods
    const due = await dueSubscription(now, { userId: customer.id });
    const cancelling = await dueSubscription(now, { userId: customer.id, cancelAtPeriodEnd: true });
    const notDue = await createSubscription(database.db, {
      userId: customer.id,
      currentPeriodEnd: new Date(now.getTime() + hour),
    });
    const stripe = await dueSubscription(now, { userId: customer.id, provider: "stripe" });

    const mailer = recordingMailer();
    expect(await renewDueSandboxSubscriptions(database.db, mailer, now)).toBe(1);
    expect(await paidOrdersOf(due.id)).toHaveLength(2);
    expect((await rowOf(due.id)).currentPeriodEnd!.getTime()).toBeGreaterThan(now.getTime());
    expect(mailer.sent).toMatchObject([{ template: "subscription-renewal", to: "renew@example.com" }]);
    expect(await rowOf(cancelling.id)).toMatchObject({ status: "canceled", canceledAt: now });
    expect(await paidOrdersOf(cancelling.id)).toHaveLength(1);
    expect(await paidOrdersOf(notDue.id)).toHaveLength(0);
    // Stripe and PayPal bill by themselves: their renewals come by webhook.
    expect(await paidOrdersOf(stripe.id)).toHaveLength(1);

    // The next run finds nothing due: the period has moved on a month.
    expect(await renewDueSandboxSubscriptions(database.db, mailer, now)).toBe(0);
    expect(await paidOrdersOf(due.id)).toHaveLength(2);
  });

  it("runs in the background loop's sweep", async () => {
    const now = new Date(Date.now() + 800 * 24 * hour);
    const due = await dueSubscription(now, { userId: customer.id });
    const errors: unknown[] = [];
    await runSweep(
      { database, mailer: recordingMailer(), log: { error: (...args: unknown[]) => errors.push(args) } },
      now,
    );
    expect(errors).toEqual([]);
    expect(await paidOrdersOf(due.id)).toHaveLength(2);
  });
});

describe("sandbox subscriptions once real payment keys are set", () => {
  it("end at their period end instead of making an unpaid 'paid' renewal", async () => {
    const now = new Date(Date.now() + 900 * 24 * hour);
    const due = await dueSubscription(now, { userId: customer.id });
    const mailer = recordingMailer();
    await runSweep({ database, mailer, log: { error: () => {} }, sandboxEnabled: false }, now);
    expect(await paidOrdersOf(due.id)).toHaveLength(1);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, due.id));
    expect(row?.status).toBe("canceled");
    expect(mailer.sent).toHaveLength(0);
  });
});

describeOnPostgres("renewDueSandboxSubscriptions on PostgreSQL", () => {
  it("two concurrent runs make one renewal order", async () => {
    // Only these subscriptions are due: the earlier tests' ones renew up to a month after theirs.
    await database.db.update(subscriptions).set({ status: "canceled" });
    const now = new Date(Date.now() + 1200 * 24 * hour);
    const subs = await Promise.all([1, 2, 3].map(() => dueSubscription(now, { userId: customer.id })));
    const mailer = recordingMailer();
    const counts = await Promise.all([
      renewDueSandboxSubscriptions(database.db, mailer, now),
      renewDueSandboxSubscriptions(database.db, mailer, now),
    ]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const sub of subs) expect(await paidOrdersOf(sub.id)).toHaveLength(2);
    expect(mailer.sent).toHaveLength(3);
  });
});
