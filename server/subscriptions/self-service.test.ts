import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../../core/orders/subscription-schedule.ts";
import {
  createProduct,
  createProductSubscription,
  type createSubscription,
  createUser,
  type User,
} from "../../tests/factories/index.ts";
import { recordingMailer } from "../../tests/support/checkout-fixtures.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems, productVariants, subscriptionEvents, subscriptions } from "../db/schema/index.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { sandboxChanger } from "../payments/subscription-changes.ts";
import { cancelSubscriptionNow } from "./cancel-now.ts";
import { changeSubscriptionItems } from "./change-items.ts";
import { pauseSubscription, resumeSubscription, skipNextDelivery } from "./pause.ts";
import { paymentMethodFor } from "./payment-method.ts";
import { renewSubscription } from "./renew.ts";
import type { SelfServiceDeps } from "./self-service.ts";

let database: TestDatabase;
let owner: User;
const mail = recordingMailer();
let deps: SelfServiceDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createUser(database.db, { email: "self.service@example.com" });
  deps = { db: database.db, mailer: mail, publicUrl: "http://shop.test", changerFor: () => sandboxChanger };
});
afterAll(() => database.destroy());

const rowOf = async (id: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const eventsOf = (id: string) =>
  database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
const mine = (subscriptionId: string) => ({ subscriptionId, userId: owner.id, actor: "customer" as const });
const variantOf = async (productId: string) =>
  (await database.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0]!;

/** A subscription of one real product (so its items can be repriced). */
const subscribed = (priceCents = 5000, overrides: Partial<Parameters<typeof createSubscription>[1]> = {}) =>
  createProductSubscription(database.db, { ...overrides, userId: owner.id }, { priceCents });

describe("skip and pause (sandbox: our own dates)", () => {
  it("skipping moves the next renewal a month on: that renewal is not charged, the one after is", async () => {
    const { sub } = await subscribed();
    const skipped = await skipNextDelivery(deps, mine(sub.id));
    const next = addMonths(sub.currentPeriodEnd!, 1);
    expect(skipped).toMatchObject({ pausedUntil: next, currentPeriodEnd: next });
    // The sweep at the old renewal date finds nothing due.
    expect(
      await renewSubscription(database.db, mail, sub.id, sub.currentPeriodEnd!, { onlyWhenDue: true }),
    ).toEqual({ ok: false, reason: "not_due" });
    const renewed = await renewSubscription(database.db, mail, sub.id, next, { onlyWhenDue: true });
    expect(renewed.ok).toBe(true);
    expect(await rowOf(sub.id)).toMatchObject({ pausedUntil: null, currentPeriodEnd: addMonths(next, 1) });
    const [event] = await eventsOf(sub.id);
    expect(event).toMatchObject({ actor: "customer", action: "skip" });
    expect(event!.after).toMatchObject({ pausedUntil: next.toISOString() });
    expect(mail.sent.find((m) => m.subject === "Your next delivery is skipped")?.to).toBe(
      "self.service@example.com",
    );
  });

  it("pauses for 1–3 months, refuses a second pause, and resumes on the same monthly cycle", async () => {
    const { sub } = await subscribed();
    const paused = await pauseSubscription(deps, mine(sub.id), 3);
    expect(paused.currentPeriodEnd).toEqual(addMonths(sub.currentPeriodEnd!, 3));
    await expect(skipNextDelivery(deps, mine(sub.id))).rejects.toBeInstanceOf(ConflictError);
    const resumed = await resumeSubscription(deps, mine(sub.id));
    // Resumed before the paid month ended: renewals go on from where they were.
    expect(resumed).toMatchObject({ pausedUntil: null, currentPeriodEnd: sub.currentPeriodEnd });
    await expect(resumeSubscription(deps, mine(sub.id))).rejects.toBeInstanceOf(ConflictError);
    expect((await eventsOf(sub.id)).map((e) => e.action).sort()).toEqual(["pause", "resume"]);
  });
});

describe("changing items", () => {
  it("reprices at today's prices: 20% off for 2 or more items, the subscription's tax rate", async () => {
    const { sub, variant } = await subscribed(5000, { taxBasisPoints: 1000 });
    const other = await createProduct(database.db, { priceCents: 3000 });
    const otherVariant = await variantOf(other.id);
    const changed = await changeSubscriptionItems(deps, mine(sub.id), [
      { variantId: variant.id, quantity: 2 },
      { variantId: otherVariant.id, quantity: 1 },
    ]);
    // 2 × 50.00 + 30.00 = 130.00, 20% off = 104.00, 10% tax = 114.40.
    expect(changed).toMatchObject({ discountBasisPoints: 2000, monthlyTotalCents: 11440 });
    expect(changed.items.map((i) => [i.variantId, i.quantity, i.unitPriceCents])).toEqual([
      [variant.id, 2, 5000],
      [otherVariant.id, 1, 3000],
    ]);
    expect(mail.sent.some((m) => m.subject === "Your subscription items changed")).toBe(true);
  });

  it("refuses sold-out, archived or unknown variants, more than the stock left, and no change", async () => {
    const { sub, variant } = await subscribed();
    const soldOut = await createProduct(database.db);
    await database.db
      .update(productVariants)
      .set({ soldOut: true })
      .where(eq(productVariants.productId, soldOut.id));
    const scarce = await createProduct(database.db);
    await database.db
      .update(productVariants)
      .set({ stockQuantity: 2 })
      .where(eq(productVariants.productId, scarce.id));
    const attempts = [
      [{ variantId: (await variantOf(soldOut.id)).id, quantity: 1 }],
      [{ variantId: crypto.randomUUID(), quantity: 1 }],
      [{ variantId: (await variantOf(scarce.id)).id, quantity: 3 }],
      [{ variantId: variant.id, quantity: 1 }],
    ];
    for (const change of attempts) {
      await expect(changeSubscriptionItems(deps, mine(sub.id), change)).rejects.toBeInstanceOf(
        InvalidInputError,
      );
    }
    expect((await rowOf(sub.id)).items).toEqual(sub.items);
    expect(await eventsOf(sub.id)).toEqual([]);
  });
});

describe("one-click cancellation and ownership", () => {
  it("ends at once, writes the history and the email; a second cancel is refused", async () => {
    const { sub } = await subscribed();
    const ended = await cancelSubscriptionNow(deps, mine(sub.id));
    expect(ended).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    expect(ended.canceledAt).toBeInstanceOf(Date);
    await expect(cancelSubscriptionNow(deps, mine(sub.id))).rejects.toBeInstanceOf(ConflictError);
    expect((await eventsOf(sub.id)).map((e) => e.action)).toEqual(["cancel"]);
    expect(mail.sent.filter((m) => m.subject === "Your subscription is cancelled")).toHaveLength(1);
    // No renewal after it.
    expect(await renewSubscription(database.db, mail, sub.id, addMonths(new Date(), 2))).toEqual({
      ok: false,
      reason: "not_active",
    });
  });

  it("another user's id, an unknown id or a malformed one is not found and changes nothing", async () => {
    const { sub } = await subscribed();
    const stranger = await createUser(database.db);
    for (const subscriptionId of [sub.id, crypto.randomUUID(), "not-a-uuid"]) {
      const target = { subscriptionId, userId: stranger.id, actor: "customer" as const };
      await expect(cancelSubscriptionNow(deps, target)).rejects.toBeInstanceOf(NotFoundError);
      await expect(skipNextDelivery(deps, target)).rejects.toBeInstanceOf(NotFoundError);
      await expect(paymentMethodFor(deps, target, "http://shop.test")).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await rowOf(sub.id)).toMatchObject({ status: "active", pausedUntil: null });
  });

  it("the sandbox has no payment method to update: it says so", async () => {
    const { sub } = await subscribed();
    expect(await paymentMethodFor(deps, mine(sub.id), "http://shop.test")).toEqual({
      message: expect.stringContaining("nothing to update"),
    });
  });
});

describeOnPostgres("concurrent changes (row lock)", () => {
  it("two changes at once run one after the other: both recorded, no lost update", async () => {
    const { sub, variant } = await subscribed();
    const [a, b] = await Promise.allSettled([
      changeSubscriptionItems(deps, mine(sub.id), [{ variantId: variant.id, quantity: 3 }]),
      pauseSubscription(deps, mine(sub.id), 2),
    ]);
    expect([a.status, b.status]).toEqual(["fulfilled", "fulfilled"]);
    const row = await rowOf(sub.id);
    expect(row.items[0]!.quantity).toBe(3);
    expect(row.pausedUntil).toEqual(addMonths(sub.currentPeriodEnd!, 2));
    expect((await eventsOf(sub.id)).length).toBe(2);
  });

  it("a renewal running with a change uses either the old or the new items, never a mix", async () => {
    const { sub, variant } = await subscribed();
    const due = new Date(Date.now() - 1000);
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: due })
      .where(eq(subscriptions.id, sub.id));
    const other = await variantOf((await createProduct(database.db, { priceCents: 2000 })).id);
    const [renewal] = await Promise.all([
      renewSubscription(database.db, mail, sub.id, new Date(), { onlyWhenDue: true }),
      changeSubscriptionItems(deps, mine(sub.id), [
        { variantId: variant.id, quantity: 2 },
        { variantId: other.id, quantity: 1 },
      ]),
    ]);
    expect(renewal.ok).toBe(true);
    const lines = await database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, (renewal as { orderId: string }).orderId));
    const shape = lines.map((l) => [l.variantId, l.quantity]).sort();
    const old = [[variant.id, 1]];
    const updated = [
      [variant.id, 2],
      [other.id, 1],
    ].sort();
    expect([JSON.stringify(old), JSON.stringify(updated)]).toContain(JSON.stringify(shape));
  });
});
