import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContactMessage, createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { deleteContactMessage, listContactMessages } from "../contact/admin-contacts.ts";
import { contactMessages, orderItems } from "../db/schema/index.ts";
import { getDashboardOverview } from "./overview.ts";

let database: TestDatabase;
const now = new Date("2025-06-15T15:00:00Z");
const startOfToday = new Date("2025-06-15T00:00:00Z");
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const resin = await createProduct(db, { name: "Pure Resin", createdAt: at("2025-06-15T09:00:00Z") });
  await createProduct(db, { name: "Old Drops", createdAt: at("2025-05-01T09:00:00Z") });
  await createProduct(db, { name: "Older", createdAt: at("2025-04-01T09:00:00Z") });
  await createProduct(db, { name: "Oldest", createdAt: at("2025-03-01T09:00:00Z") });
  const today = await createOrder(db, {
    paymentStatus: "paid",
    name: "Maya Lee",
    totalCents: 9998,
    createdAt: at("2025-06-15T10:00:00Z"),
  });
  await createOrder(db, { paymentStatus: "paid", totalCents: 2500, createdAt: at("2025-06-10T10:00:00Z") });
  await createOrder(db, { paymentStatus: "paid", totalCents: 1000, createdAt: at("2025-04-01T10:00:00Z") });
  await createOrder(db, { name: "Unpaid Today", totalCents: 700, createdAt: at("2025-06-15T11:00:00Z") });
  await db.insert(orderItems).values([
    {
      orderId: today.id,
      productId: resin.id,
      name: "Pure Resin",
      unitPriceCents: 4999,
      quantity: 2,
      lineTotalCents: 9998,
    },
  ]);
  await createContactMessage(db, {
    name: "Jordan",
    email: "j@example.com",
    createdAt: at("2025-06-15T12:00:00Z"),
  });
  await createContactMessage(db, { name: "Old Contact", createdAt: at("2025-01-01T12:00:00Z") });
});
afterAll(() => database.destroy());

describe("getDashboardOverview", () => {
  it("counts products, paid orders and contact messages", async () => {
    const { totals } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(totals).toEqual({ products: 4, orders: 3, contacts: 2 });
  });

  it("merges today's paid orders, the latest 3 products and 3 contacts, newest first, 5 entries", async () => {
    const { recentActivity } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(recentActivity.map((a) => [a.event, a.user])).toEqual([
      ["New contact message", "Jordan (j@example.com)"],
      [expect.stringMatching(/^New order #[0-9a-f]{8}$/), "Maya Lee"],
      ["Product added: Pure Resin", "Admin"],
      ["Product added: Old Drops", "Admin"],
      ["Product added: Older", "Admin"],
    ]);
  });

  it("has 30 days of revenue with empty days as zero, and the top products by quantity", async () => {
    const { sales, topProducts } = await getDashboardOverview(database.db, { now, startOfToday });
    expect(sales).toHaveLength(30);
    expect(sales.at(-1)).toEqual({ day: "2025-06-15", revenueCents: 9998, orders: 1 });
    expect(sales.find((d) => d.day === "2025-06-10")).toEqual({
      day: "2025-06-10",
      revenueCents: 2500,
      orders: 1,
    });
    expect(sales[0]!.day).toBe("2025-05-17");
    expect(sales.reduce((s, d) => s + d.orders, 0)).toBe(2);
    expect(topProducts).toEqual([{ name: "Pure Resin", quantity: 2, revenueCents: 9998 }]);
  });
});

describe("contact messages", () => {
  it("lists newest first and deletes one", async () => {
    const list = await listContactMessages(database.db);
    expect(list.map((c) => c.name)).toEqual(["Jordan", "Old Contact"]);
    expect(await deleteContactMessage(database.db, list[1]!.id)).toBe(true);
    expect(await deleteContactMessage(database.db, list[1]!.id)).toBe(false);
    expect(await database.db.$count(contactMessages)).toBe(1);
  });
});
