import { sql } from "drizzle-orm";
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

describe("listAdminOrders on a list longer than the exact-count limit", () => {
  // 23 orders with a limit of 15 behave like a million with the real limit of 10,000.
  const long = { exactCountLimit: 15 };
  // Fresh statistics, so the planner's estimate (the page count) is close to the 23 orders.
  beforeAll(() => database.db.execute(sql`analyze orders`));

  /** Follows the next links from the first page (or the previous links from the last one). */
  async function walk(direction: "next" | "previous", search?: string, limits = long) {
    const seen: string[][] = [];
    let current = await listAdminOrders(database.db, {
      ...limits,
      search,
      page: direction === "next" ? 1 : 999,
    });
    for (let step = 0; step < 10; step++) {
      seen.push(current.orders.map((o) => o.id));
      const token = current.cursors[direction];
      if (!token) break;
      const page = current.page + (direction === "next" ? 1 : -1);
      current = await listAdminOrders(database.db, {
        ...limits,
        search,
        page,
        ...(direction === "next" ? { after: token } : { before: token }),
      });
      expect(current.page).toBe(page);
    }
    return { seen, end: current };
  }

  it("shows an estimated total (never below the limit) and no exact page count is needed", async () => {
    const first = await listAdminOrders(database.db, long);
    expect(first.totalIsEstimate).toBe(true);
    expect(first.total).toBeGreaterThan(15);
    expect(first.orders.map((o) => o.id)).toEqual(newestFirst().slice(0, 10));
    expect(first.cursors.previous).toBeNull();
    expect(first.cursors.next).toEqual(expect.any(String));
    // Counted exactly, the same list has no cursors.
    expect((await listAdminOrders(database.db)).cursors).toEqual({ previous: null, next: null });
  });

  it("walks every order exactly once through the next links, and the last page says so", async () => {
    const { seen, end } = await walk("next");
    expect(seen.flat()).toEqual(newestFirst());
    expect(seen.map((ids) => ids.length)).toEqual([10, 10, 3]);
    expect(end).toMatchObject({ page: 3, pageCount: 3, cursors: { next: null } });
  });

  it("reads the last page from the oldest end and walks back through the previous links", async () => {
    const { seen, end } = await walk("previous");
    // Full pages counted from the oldest end; going back past the newest full one gives the real
    // first page (overlapping the page before it, never missing an order).
    expect(seen.slice(0, 2).reverse().flat()).toEqual(newestFirst().slice(3));
    expect(seen.at(-1)).toEqual(newestFirst().slice(0, 10));
    expect(end.page).toBe(1);
    expect(end.cursors.previous).toBeNull();
  });

  it("keeps the search while walking, and ignores a cursor that is not ours", async () => {
    // "Buyer 1" and "Buyer 10" to "Buyer 19": 11 matches, above a limit of 5.
    const matching = newestFirst().filter((id) =>
      [1, ...Array.from({ length: 10 }, (_, i) => 10 + i)].some((i) => paidOrders[i]!.id === id),
    );
    const { seen, end } = await walk("next", "BUYER1", { exactCountLimit: 5 });
    expect(end.totalIsEstimate).toBe(true);
    expect(seen.flat()).toEqual(matching);
    const garbage = await listAdminOrders(database.db, { ...long, page: 1, after: "bm90IGEgY3Vyc29y" });
    expect(garbage.orders.map((o) => o.id)).toEqual(newestFirst().slice(0, 10));
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
    const shipment = { carrier: "usps", carrierName: null, trackingNumber: "9400111899223" } as const;
    expect((await updateOrderStatus(database.db, id, "shipped", shipment))?.becameShipped).toBe(true);
    expect((await updateOrderStatus(database.db, id, "shipped"))?.becameShipped).toBe(false);
    expect((await getAdminOrder(database.db, id))?.status).toBe("shipped");
  });

  it("refuses unpaid and unknown orders", async () => {
    expect(await updateOrderStatus(database.db, unpaid.id, "shipped")).toBeNull();
    expect(await updateOrderStatus(database.db, crypto.randomUUID(), "shipped")).toBeNull();
    expect(await updateOrderStatus(database.db, "x", "shipped")).toBeNull();
  });
});
