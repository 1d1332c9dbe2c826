import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOrder,
  createSubscription,
  createUser,
  type Subscription,
  type User,
} from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { getAdminSubscription, listAdminSubscriptions } from "./admin-subscriptions.ts";

let database: TestDatabase;
let customer: User;
const created: Subscription[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  customer = await createUser(database.db, { email: "subscriber@example.com" });
  const base = Date.parse("2025-03-01T12:00:00Z");
  // 23 subscriptions a minute apart (0 is the oldest); every fifth one has ended.
  for (let i = 0; i < 23; i++) {
    created.push(
      await createSubscription(database.db, {
        userId: customer.id,
        status: i % 5 === 0 ? "canceled" : "active",
        createdAt: new Date(base + i * 60_000),
      }),
    );
  }
});
afterAll(() => database.destroy());

const newestFirst = (list: Subscription[]) => [...list].reverse().map((s) => s.id);

describe("listAdminSubscriptions", () => {
  it("pages newest first, 20 per page, with the customer's email and the monthly price", async () => {
    const first = await listAdminSubscriptions(database.db);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect(first.subscriptions.map((s) => s.id)).toEqual(newestFirst(created).slice(0, 20));
    expect(first.subscriptions[0]).toMatchObject({
      customerEmail: "subscriber@example.com",
      monthlyPriceCents: 7649,
      provider: "sandbox",
    });
    const second = await listAdminSubscriptions(database.db, { page: 2 });
    expect(second.subscriptions.map((s) => s.id)).toEqual(newestFirst(created).slice(20));
    // A page past the end shows the last one.
    expect((await listAdminSubscriptions(database.db, { page: 99 })).page).toBe(2);
  });

  it("filters by status", async () => {
    const ended = await listAdminSubscriptions(database.db, { status: "canceled" });
    expect(ended.total).toBe(5);
    expect(ended.subscriptions.map((s) => s.id)).toEqual(
      newestFirst(created.filter((s) => s.status === "canceled")),
    );
    expect((await listAdminSubscriptions(database.db, { status: "past_due" })).total).toBe(0);
  });
});

describe("getAdminSubscription", () => {
  it("shows the first order and the renewals (paid only, newest first)", async () => {
    const sub = created[22]!;
    const at = (minutes: number) => new Date(sub.createdAt.getTime() + minutes * 60_000);
    const first = await createOrder(database.db, {
      paymentStatus: "paid",
      subscriptionId: sub.id,
      createdAt: at(-1),
    });
    const renewal = await createOrder(database.db, {
      paymentStatus: "paid",
      subscriptionId: sub.id,
      createdAt: at(60),
    });
    await createOrder(database.db, { paymentStatus: "unpaid", subscriptionId: sub.id, createdAt: at(90) });

    const detail = await getAdminSubscription(database.db, sub.id);
    expect(detail).toMatchObject({ id: sub.id, customerEmail: "subscriber@example.com" });
    expect(detail?.orders.map((o) => [o.id, o.kind])).toEqual([
      [renewal.id, "renewal"],
      [first.id, "first"],
    ]);
    expect(await getAdminSubscription(database.db, "nope")).toBeNull();
    expect(await getAdminSubscription(database.db, crypto.randomUUID())).toBeNull();
  });
});
