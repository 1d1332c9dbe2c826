import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubscription, createUser, type User } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { mailOutbox, subscriptions } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { sendRenewalReminders } from "./reminders.ts";

let database: TestDatabase;
let owner: User;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createUser(database.db, { email: "reminded@example.com" });
});
afterAll(() => database.destroy());

const DAY = 24 * 60 * 60 * 1000;

describe("renewal reminders", () => {
  it("once per renewal, 3 days ahead, for running subscriptions only; again for the next renewal", async () => {
    const now = new Date("2026-05-10T12:00:00Z");
    const inTwoDays = new Date(now.getTime() + 2 * DAY);
    const due = await createSubscription(database.db, { userId: owner.id, currentPeriodEnd: inTwoDays });
    await createSubscription(database.db, {
      userId: owner.id,
      currentPeriodEnd: new Date(now.getTime() + 5 * DAY),
    });
    await createSubscription(database.db, {
      userId: owner.id,
      currentPeriodEnd: inTwoDays,
      cancelAtPeriodEnd: true,
    });
    await createSubscription(database.db, {
      userId: owner.id,
      currentPeriodEnd: inTwoDays,
      status: "canceled",
    });
    await createSubscription(database.db, {
      userId: owner.id,
      currentPeriodEnd: inTwoDays,
      pausedUntil: new Date(now.getTime() + 30 * DAY),
    });
    const mailer = createMailer({
      db: database.db,
      log: createLogger("silent"),
      from: "Shop <shop@example.com>",
    });
    const deps = { db: database.db, mailer, publicUrl: "http://shop.test" };

    // Two instances (or runs) at once: one reminder.
    const counts = await Promise.all([sendRenewalReminders(deps, now), sendRenewalReminders(deps, now)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendRenewalReminders(deps, new Date(now.getTime() + DAY))).toBe(0);
    const mails = await database.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["reminded@example.com", "Your subscription renews in 3 days"],
    ]);
    expect(JSON.stringify(mails[0]!.props)).toContain(`/account/subscriptions/${due.id}/cancel`);

    // The next month's renewal gets its own reminder.
    const next = new Date(inTwoDays.getTime() + 30 * DAY);
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: next })
      .where(eq(subscriptions.id, due.id));
    expect(await sendRenewalReminders(deps, new Date(next.getTime() - 2 * DAY))).toBe(1);
    await mailer.idle();
  });
});
