import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser, type Order } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { orderItems, orderNotes } from "../db/schema/index.ts";
import { listAdminOrders } from "./admin-list.ts";
import { type OrderFilter, orderFilterParams, parseOrderFilter } from "./order-filter.ts";

let database: TestDatabase;
const made: Record<string, Order> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  const paid = { paymentStatus: "paid" as const };
  made.pending = await createOrder(db, { ...paid, status: "pending", createdAt: at("2026-01-01") });
  made.processing = await createOrder(db, { ...paid, status: "processing", createdAt: at("2026-01-02") });
  made.shipped = await createOrder(db, {
    ...paid,
    status: "shipped",
    couponCode: "JOE20",
    createdAt: at("2026-01-03"),
  });
  made.delivered = await createOrder(db, {
    ...paid,
    status: "delivered",
    purchaseType: "subscription",
    createdAt: at("2026-01-04"),
  });
  made.refunded = await createOrder(db, {
    ...paid,
    status: "cancelled",
    refundedCents: 5999,
    createdAt: at("2026-01-05"),
  });
  made.partial = await createOrder(db, {
    ...paid,
    status: "delivered",
    refundedCents: 1000,
    createdAt: at("2026-01-06"),
  });
  // Never listed, whatever the filter.
  await createOrder(db, { status: "pending", createdAt: at("2026-01-03") });
  await db.insert(orderItems).values({
    orderId: made.processing.id,
    name: "Resin",
    sku: "PSR-30G",
    unitPriceCents: 5999,
    quantity: 1,
    lineTotalCents: 5999,
  });
  const staff = await createUser(db, { email: "notes@example.com" });
  await db
    .insert(orderNotes)
    .values({ orderId: made.shipped.id, authorId: staff.id, authorName: "Sam", body: "Hold until Monday" });
});
afterAll(() => database.destroy());

const ids = async (filter: OrderFilter) =>
  (await listAdminOrders(database.db, { filter })).orders.map((o) => o.id);
const of = (...names: string[]) => names.map((n) => made[n]!.id);

describe("the orders filter", () => {
  it("narrows the list by each field, newest first", async () => {
    expect(await ids({})).toEqual(of("partial", "refunded", "delivered", "shipped", "processing", "pending"));
    expect(await ids({ status: ["pending", "shipped"] })).toEqual(of("shipped", "pending"));
    expect(await ids({ fulfilment: "unfulfilled" })).toEqual(of("processing", "pending"));
    expect(await ids({ fulfilment: "delivered" })).toEqual(of("partial", "delivered"));
    expect(await ids({ payment: "refunded" })).toEqual(of("refunded"));
    expect(await ids({ payment: "partially_refunded" })).toEqual(of("partial"));
    expect(await ids({ payment: "paid" })).toEqual(of("delivered", "shipped", "processing", "pending"));
    expect(await ids({ from: "2026-01-02", to: "2026-01-03" })).toEqual(of("shipped", "processing"));
    expect(await ids({ sku: "psr-30g" })).toEqual(of("processing"));
    expect(await ids({ coupon: "joe20" })).toEqual(of("shipped"));
    expect(await ids({ type: "subscription" })).toEqual(of("delivered"));
    expect(await ids({ note: "yes" })).toEqual(of("shipped"));
    expect(await ids({ note: "no", status: ["shipped"] })).toEqual([]);
    expect(await ids({ fulfilment: "delivered", payment: "partially_refunded" })).toEqual(of("partial"));
  });

  it("sorts oldest first when asked", async () => {
    expect(await ids({ sort: "oldest", fulfilment: "unfulfilled" })).toEqual(of("pending", "processing"));
  });

  // Last of the database tests: these two orders would join the lists above.
  it("finds #N by its number only; N alone also in names, emails and hash ids", async () => {
    const db = database.db;
    const numbered = await createOrder(db, { paymentStatus: "paid", number: 941005 });
    // Another order whose hash id happens to contain the same digits.
    const lookalike = await createOrder(db, {
      id: "c0ffee00-0000-4000-8000-009410050000",
      paymentStatus: "paid",
      email: "lookalike@example.com",
    });
    expect(await ids({ q: "#941005" })).toEqual([numbered.id]);
    expect((await ids({ q: "941005" })).sort()).toEqual([numbered.id, lookalike.id].sort());
    expect(await ids({ q: "#c0ffee00" })).toEqual([lookalike.id]);
  });

  it("reads the URL, keeps good fields and names the bad ones", () => {
    const { filter, problems } = parseOrderFilter(
      new URLSearchParams(
        "status=shipped,pending&status=bogus&payment=free&from=2026-02-30&to=2026-01-01&coupon=%20joe20%20&junk=1&note=",
      ),
    );
    expect(filter).toEqual({ coupon: "joe20", to: "2026-01-01" });
    expect(problems.map((p) => p.field).sort()).toEqual(["from", "payment", "status"]);
    expect(parseOrderFilter(new URLSearchParams("from=2026-02-01&to=2026-01-01")).problems).toEqual([
      { field: "to", message: "The end date is before the start date" },
    ]);
  });

  it("writes the same URL for the same filter, whatever order it came in", () => {
    const a = orderFilterParams(
      parseOrderFilter(new URLSearchParams("type=subscription&status=shipped,pending")).filter,
    );
    const b = orderFilterParams(
      parseOrderFilter(new URLSearchParams("status=pending&status=shipped&type=subscription&sort=newest"))
        .filter,
    );
    expect(a.toString()).toBe("status=pending%2Cshipped&type=subscription");
    expect(b.toString()).toBe(a.toString());
  });
});
