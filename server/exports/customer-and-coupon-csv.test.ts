import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createOrder, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { couponUsages } from "../db/schema/index.ts";
import { couponUsageCsvExport } from "./coupon-usage-csv.ts";
import { streamCsv } from "./csv-stream.ts";
import { customerCsvExport } from "./customers-csv.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

const csvOf = async (stream: ReadableStream<Uint8Array>) =>
  (await new Response(stream).text())
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(0, -1);

describe("customer CSV export", () => {
  it("lists every account with its paid orders counted and summed, across batches", async () => {
    const spender = await createUser(database.db, { name: "@Spender", email: "spender@example.com" });
    for (let i = 0; i < 5; i++) await createUser(database.db, { emailVerified: i % 2 === 0 });
    await createOrder(database.db, { userId: spender.id, paymentStatus: "paid", totalCents: 2550 });
    await createOrder(database.db, { userId: spender.id, paymentStatus: "paid", totalCents: 1000 });
    await createOrder(database.db, { userId: spender.id, paymentStatus: "unpaid", totalCents: 99999 });

    const records = await csvOf(streamCsv(customerCsvExport(database.db, { batchSize: 2 })));
    expect(records[0]).toBe("User ID,Name,Email,Role,Email verified,Created at,Paid orders,Total spent");
    expect(records.slice(1)).toHaveLength(6);
    const row = records.find((r) => r.includes("spender@example.com"))!;
    expect(row).toContain(",'@Spender,");
    expect(row).toMatch(/,customer,yes,\d{4}-[^,]+Z,2,35\.50$/);
  });
});

describe("customer CSV export of guest customers", () => {
  it("lists guest customers after the accounts, as guests, with their figures", async () => {
    await createOrder(database.db, {
      email: "Guest.Export@example.com",
      name: "=Guest Buyer",
      paymentStatus: "paid",
      totalCents: 1200,
    });
    const records = await csvOf(streamCsv(customerCsvExport(database.db, { batchSize: 2 })));
    const at = records.findIndex((r) => r.includes("guest.export@example.com"));
    expect(records[at]).toMatch(/^,'=Guest Buyer,guest\.export@example\.com,guest,no,\d{4}-[^,]+Z,1,12\.00$/);
    expect(
      records.slice(at + 1).every((r) => r.includes(",guest,no,")),
      "accounts come first",
    ).toBe(true);
  });
});

describe("coupon usage CSV export", () => {
  it("lists each use with its code, order, email and discount", async () => {
    const coupon = await createCoupon(database.db, { code: "EXPORT10" });
    const order = await createOrder(database.db, { paymentStatus: "paid" });
    const usedAt = new Date("2026-02-03T04:05:06Z");
    await database.db.insert(couponUsages).values({
      couponId: coupon.id,
      orderId: order.id,
      userEmail: "user@example.com",
      discountCents: 750,
      usedAt,
    });
    const records = await csvOf(streamCsv(couponUsageCsvExport(database.db)));
    expect(records).toEqual([
      "Coupon code,Order ID,Email,Discount,Used at",
      `EXPORT10,${order.id},user@example.com,7.50,2026-02-03T04:05:06.000Z`,
    ]);
  });
});
