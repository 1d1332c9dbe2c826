import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, type Order } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems } from "../db/schema/index.ts";
import { getAdminOrder, listAdminOrders } from "./admin-list.ts";
import { updateOrderStatus } from "./status.ts";

let database: TestDatabase;
const paidOrders: Order[] = [];
let unpaid: Order;

beforeAll(async () => {
  database = await createTestDatabase();
  const base = Date.parse("2025-03-01T12:00:00Z");
  // 23 paid orders, one minute apart: order 0 is the oldest.
  for (let i = 0; i < 23; i++) {
    paidOrders.push(
      await createOrder(database.db, {
        paymentStatus: "paid",
        name: i === 5 ? "Maya O'Brien" : `Buyer ${i}`,
        email: i === 7 ? "Trail.Runner@Example.com" : `buyer${i}@example.com`,
        couponCode: i === 9 ? "WELCOME10" : null,
        createdAt: new Date(base + i * 60_000),
      }),
    );
  }
  unpaid = await createOrder(database.db, {
    name: "Maya Unpaid",
    email: "maya@example.com",
    createdAt: new Date(base + 99 * 60_000),
  });
  await database.db.insert(orderItems).values([
    {
      orderId: paidOrders[3]!.id,
      name: "Pure Resin",
      weight: "30g",
      unitPriceCents: 4999,
      quantity: 2,
      lineTotalCents: 9998,
    },
  ]);
});
afterAll(() => database.destroy());

const newestFirst = () => [...paidOrders].reverse().map((o) => o.id);

describe("listAdminOrders", () => {
  it("pages paid orders newest first, ten per page, never an unpaid one", async () => {
    const first = await listAdminOrders(database.db);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 3 });
    expect(first.orders.map((o) => o.id)).toEqual(newestFirst().slice(0, 10));
    const all = [];
    for (const page of [1, 2, 3]) all.push(...(await listAdminOrders(database.db, { page })).orders);
    expect(all.map((o) => o.id)).toEqual(newestFirst());
    expect(all.some((o) => o.id === unpaid.id)).toBe(false);
  });

  it("reads the older half from the other end with the same result (page 2 and the last page)", async () => {
    const second = await listAdminOrders(database.db, { page: 2 });
    expect(second.orders.map((o) => o.id)).toEqual(newestFirst().slice(10, 20));
    const last = await listAdminOrders(database.db, { page: 3 });
    expect(last.orders.map((o) => o.id)).toEqual(newestFirst().slice(20));
  });

  it("clamps a page out of range", async () => {
    expect((await listAdminOrders(database.db, { page: 99 })).page).toBe(3);
    expect((await listAdminOrders(database.db, { page: -4 })).page).toBe(1);
  });

  it("searches name, email, id and coupon code, case-insensitively", async () => {
    const ids = async (search: string) =>
      (await listAdminOrders(database.db, { search })).orders.map((o) => o.id);
    expect(await ids("o'brien")).toEqual([paidOrders[5]!.id]);
    expect(await ids("trail.RUNNER@")).toEqual([paidOrders[7]!.id]);
    expect(await ids(paidOrders[11]!.id.slice(0, 8).toUpperCase())).toEqual([paidOrders[11]!.id]);
    expect(await ids("welcome")).toEqual([paidOrders[9]!.id]);
    expect(await ids("maya")).toEqual([paidOrders[5]!.id]); // not the unpaid Maya
    expect(await ids("100%")).toEqual([]); // % is literal, not a wildcard
  });

  it("includes the items of each order on the page", async () => {
    const order = await getAdminOrder(database.db, paidOrders[3]!.id);
    expect(order?.items).toMatchObject([{ name: "Pure Resin", quantity: 2, lineTotalCents: 9998 }]);
    expect(await getAdminOrder(database.db, unpaid.id)).toBeNull();
    expect(await getAdminOrder(database.db, "not-a-uuid")).toBeNull();
  });
});

describe("updateOrderStatus", () => {
  it("changes the status and says when it became shipped, once", async () => {
    const id = paidOrders[0]!.id;
    expect(await updateOrderStatus(database.db, id, "processing")).toMatchObject({
      previous: "pending",
      status: "processing",
      becameShipped: false,
    });
    expect((await updateOrderStatus(database.db, id, "shipped"))?.becameShipped).toBe(true);
    expect((await updateOrderStatus(database.db, id, "shipped"))?.becameShipped).toBe(false);
    expect((await getAdminOrder(database.db, id))?.status).toBe("shipped");
  });

  it("refuses unpaid and unknown orders", async () => {
    expect(await updateOrderStatus(database.db, unpaid.id, "shipped")).toBeNull();
    expect(await updateOrderStatus(database.db, crypto.randomUUID(), "shipped")).toBeNull();
    expect(await updateOrderStatus(database.db, "x", "shipped")).toBeNull();
  });
});
