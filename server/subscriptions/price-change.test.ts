import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceChangeFormSchema } from "../../core/forms/price-change-form.ts";
import { createOrder, createSubscription, createUser } from "../../tests/factories/index.ts";
import { recordingMailer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orders, subscriptionNotices, subscriptionPriceChanges, subscriptions } from "../db/schema/index.ts";
import { schedulePriceChange } from "./price-change.ts";
import { renewSubscription } from "./renew.ts";
import { sendDueRenewalNotices } from "./renewal-notices.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const day = 24 * 60 * 60 * 1000;

/** An active sandbox subscription ($89.99 at 15% off: $76.49 a month) renewing `inDays` from `now`. */
async function subscribed(now: Date, inDays: number, createdAt = now) {
  const user = await createUser(database.db);
  const sub = await createSubscription(database.db, {
    userId: user.id,
    currentPeriodEnd: new Date(now.getTime() + inDays * day),
    createdAt,
  });
  await createOrder(database.db, {
    userId: user.id,
    paymentStatus: "paid",
    purchaseType: "subscription",
    subscriptionId: sub.id,
    email: user.email,
    createdAt: new Date(createdAt.getTime() - 1000),
  });
  return { user, sub };
}

describe("price change", () => {
  it("refuses a notice under 7 or over 30 days", () => {
    expect(priceChangeFormSchema.safeParse({ unitPrices: ["99.00"], noticeDays: "6" }).success).toBe(false);
    expect(priceChangeFormSchema.safeParse({ unitPrices: ["99.00"], noticeDays: "31" }).success).toBe(false);
    expect(priceChangeFormSchema.parse({ unitPrices: ["99.00"], noticeDays: "14" })).toEqual({
      unitPrices: [9900],
      noticeDays: 14,
    });
  });

  it("applies from the first renewal at least the notice away, notifies at once and bills the new price then", async () => {
    const now = new Date();
    const { user, sub } = await subscribed(now, 20);
    const mailer = recordingMailer("https://shop.example");
    const change = await schedulePriceChange(database.db, mailer, {
      subscriptionId: sub.id,
      unitPrices: [9999],
      noticeDays: 14,
      adminId: null,
      now,
    });
    // The renewal in 20 days is at least 14 days away, and within 30: the notice goes now.
    expect(change.effectiveAt).toEqual(sub.currentPeriodEnd);
    expect(change).toMatchObject({ oldMonthlyCents: 7649, newMonthlyCents: 8499, noticeSentAt: now });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: user.email, template: "renewal-notice" });
    expect(JSON.stringify(mailer.sent[0]!.props)).toContain("from $76.49 to $84.99");
    expect(JSON.stringify(mailer.sent[0]!.props)).toContain(`/account/subscriptions/${sub.id}/cancel`);

    // A second change while one waits is refused.
    await expect(
      schedulePriceChange(database.db, mailer, {
        subscriptionId: sub.id,
        unitPrices: [10999],
        noticeDays: 14,
        adminId: null,
        now,
      }),
    ).rejects.toThrow(/already has a price change waiting/);

    // That renewal bills the new price.
    const renewal = await renewSubscription(database.db, mailer, sub.id, change.effectiveAt);
    if (!renewal.ok) throw new Error(renewal.reason);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, renewal.orderId));
    expect(order!.totalCents).toBe(8499);
    const [applied] = await database.db
      .select()
      .from(subscriptionPriceChanges)
      .where(eq(subscriptionPriceChanges.id, change.id));
    expect(applied!.appliedAt).not.toBeNull();
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row!.items[0]!.unitPriceCents).toBe(9999);
  });

  it("holds a notice for a change more than 30 days away until its day, then sends it once", async () => {
    const now = new Date();
    // Renewing in 5 days: too soon for 28 days' notice, so the renewal after, ~36 days away.
    const { sub } = await subscribed(now, 5);
    const mailer = recordingMailer("https://shop.example");
    const change = await schedulePriceChange(database.db, mailer, {
      subscriptionId: sub.id,
      unitPrices: [7999],
      noticeDays: 28,
      adminId: null,
      now,
    });
    expect(change.notifyAt.getTime()).toBeGreaterThan(now.getTime());
    await sendDueRenewalNotices(database.db, mailer, now);
    expect(mailer.sent).toHaveLength(0);
    // The renewal before the change keeps the old price.
    const before = await renewSubscription(database.db, mailer, sub.id, sub.currentPeriodEnd!);
    if (!before.ok) throw new Error(before.reason);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, before.orderId));
    expect(order!.totalCents).toBe(7649);
    mailer.sent.length = 0;
    const noticeDay = new Date(change.effectiveAt.getTime() - 28 * day);
    await sendDueRenewalNotices(database.db, mailer, noticeDay);
    await sendDueRenewalNotices(database.db, mailer, noticeDay);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your subscription price changes on /),
    ]);
  });
});

describe("yearly reminder", () => {
  it("emails each active subscription once on its anniversary", async () => {
    const now = new Date();
    const { user, sub } = await subscribed(now, 5, new Date(now.getTime() - 366 * day));
    const young = await subscribed(now, 5, new Date(now.getTime() - 200 * day));
    const mailer = recordingMailer("https://shop.example");
    await sendDueRenewalNotices(database.db, mailer, now);
    await sendDueRenewalNotices(database.db, mailer, now);
    const reminders = mailer.sent.filter((m) => m.subject === "A yearly reminder of your subscription");
    expect(reminders.map((m) => m.to)).toEqual([user.email]);
    expect(JSON.stringify(reminders[0]!.props)).toMatch(/renews automatically every month/);
    const notices = await database.db
      .select()
      .from(subscriptionNotices)
      .where(eq(subscriptionNotices.subscriptionId, sub.id));
    expect(notices).toMatchObject([{ kind: "yearly_reminder", period: "year-1" }]);
    const none = await database.db
      .select()
      .from(subscriptionNotices)
      .where(eq(subscriptionNotices.subscriptionId, young.sub.id));
    expect(none).toHaveLength(0);
  });
});
