import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionRef } from "../../core/orders/order-number.ts";
import { createOrder, createSubscription, createUser, type User } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { subscriptions } from "../db/schema/index.ts";
import { providerNamed } from "../payments/registry.ts";
import { cancelSubscriptionAtPeriodEnd, type ProviderLookup } from "./cancel.ts";
import { listCustomerSubscriptions } from "./customer-subscriptions.ts";

let database: TestDatabase;
let owner: User;
let other: User;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createUser(database.db);
  other = await createUser(database.db);
});
afterAll(() => database.destroy());

/** The real registry without provider keys: the sandbox. */
const registry: ProviderLookup = (name) =>
  providerNamed(
    { config: { stripe: undefined, paypal: undefined, publicUrl: "http://shop.test" }, database },
    name,
  );

const rowOf = async (id: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe("listCustomerSubscriptions", () => {
  it("lists only the customer's own subscriptions, newest first, without incomplete ones", async () => {
    const user = await createUser(database.db);
    const older = await createSubscription(database.db, {
      userId: user.id,
      status: "canceled",
      createdAt: new Date("2025-01-01T00:00:00Z"),
    });
    const newer = await createSubscription(database.db, { userId: user.id });
    await createSubscription(database.db, { userId: user.id, status: "incomplete" });
    await createSubscription(database.db, { userId: other.id });

    const list = await listCustomerSubscriptions(database.db, user.id);
    expect(list.map((s) => s.id)).toEqual([newer.id, older.id]);
    // $89.99 at 15% off: the renewal price, not the first order's (which may carry a coupon).
    expect(list[0]).toMatchObject({ monthlyPriceCents: 7649, status: "active", cancelAtPeriodEnd: false });
    expect(await listCustomerSubscriptions(database.db, (await createUser(database.db)).id)).toEqual([]);
  });

  it("names each subscription by the number of its first paid order; none before one is paid", async () => {
    const user = await createUser(database.db);
    const sub = await createSubscription(database.db, { userId: user.id });
    expect((await listCustomerSubscriptions(database.db, user.id))[0]!.firstOrderNumber).toBeNull();
    const first = await createOrder(database.db, {
      userId: user.id,
      paymentStatus: "paid",
      subscriptionId: sub.id,
    });
    await createOrder(database.db, { userId: user.id, paymentStatus: "paid", subscriptionId: sub.id });
    const [listed] = await listCustomerSubscriptions(database.db, user.id);
    expect(listed!.firstOrderNumber).toBe(first.number);
    expect(subscriptionRef(listed!)).toBe(`for order #${first.number}`);
  });
});

describe("cancelSubscriptionAtPeriodEnd", () => {
  it("the owner cancels at period end: still active until then, and a second cancel is harmless", async () => {
    const sub = await createSubscription(database.db, { userId: owner.id });
    const result = await cancelSubscriptionAtPeriodEnd(database.db, registry, {
      subscriptionId: sub.id,
      userId: owner.id,
    });
    expect(result).toMatchObject({ ok: true, subscription: { id: sub.id, cancelAtPeriodEnd: true } });
    expect(await rowOf(sub.id)).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      canceledAt: null,
    });

    const failing: ProviderLookup = () => ({
      cancelSubscription: () => Promise.reject(new Error("must not be asked twice")),
    });
    const again = await cancelSubscriptionAtPeriodEnd(database.db, failing, {
      subscriptionId: sub.id,
      userId: owner.id,
    });
    expect(again.ok).toBe(true);
  });

  it("another user's cancel finds nothing and changes nothing", async () => {
    const sub = await createSubscription(database.db, { userId: owner.id });
    const asked: string[] = [];
    const spy: ProviderLookup = (name) => ({
      cancelSubscription: async (ref) => {
        asked.push(ref.id);
        return registry(name).cancelSubscription(ref);
      },
    });
    for (const subscriptionId of [sub.id, "not-a-uuid", crypto.randomUUID()]) {
      expect(
        await cancelSubscriptionAtPeriodEnd(database.db, spy, { subscriptionId, userId: other.id }),
      ).toEqual({ ok: false, reason: "not_found" });
    }
    expect(asked).toEqual([]);
    expect(await rowOf(sub.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });

  it("a provider refusal changes nothing; an ended subscription cannot be cancelled", async () => {
    const sub = await createSubscription(database.db, { userId: owner.id, provider: "stripe" });
    const refusing: ProviderLookup = () => ({
      cancelSubscription: () => Promise.reject(new Error("provider is down")),
    });
    const result = await cancelSubscriptionAtPeriodEnd(database.db, refusing, {
      subscriptionId: sub.id,
      userId: owner.id,
    });
    expect(result).toMatchObject({ ok: false, reason: "provider_error" });
    expect(await rowOf(sub.id)).toMatchObject({ cancelAtPeriodEnd: false });

    const ended = await createSubscription(database.db, {
      userId: owner.id,
      status: "canceled",
      canceledAt: new Date(),
    });
    expect(
      await cancelSubscriptionAtPeriodEnd(database.db, registry, {
        subscriptionId: ended.id,
        userId: owner.id,
      }),
    ).toEqual({ ok: false, reason: "ended" });
  });

  it("an admin (no user filter) cancels anyone's subscription", async () => {
    const sub = await createSubscription(database.db, { userId: other.id });
    const result = await cancelSubscriptionAtPeriodEnd(database.db, registry, { subscriptionId: sub.id });
    expect(result.ok).toBe(true);
    expect(await rowOf(sub.id)).toMatchObject({ cancelAtPeriodEnd: true });
  });
});
