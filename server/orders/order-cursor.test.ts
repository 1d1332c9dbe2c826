import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { decodeOrderKey, encodeOrderKey } from "../db/order-cursor.ts";
import { orders } from "../db/schema/index.ts";
import { listAdminOrders } from "./admin-list.ts";

describe("order keys", () => {
  it("round-trip through a URL-safe token and refuse anything else", () => {
    const key = { createdAt: "2025-03-01 12:00:00.123456+00", id: crypto.randomUUID() };
    const token = encodeOrderKey(key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOrderKey(token)).toEqual(key);
    expect(decodeOrderKey(null)).toBeNull();
    expect(decodeOrderKey("%%%")).toBeNull();
    expect(decodeOrderKey(encodeOrderKey({ ...key, id: "1; drop table orders" }))).toBeNull();
    expect(decodeOrderKey(encodeOrderKey({ ...key, createdAt: "yesterday" }))).toBeNull();
  });
});

describe("cursor pages with orders created within the same millisecond", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("keeps microseconds, so no order is skipped or repeated", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await createOrder(database.db, { paymentStatus: "paid" });
      // All in one millisecond (a JS Date would make them equal), apart by microseconds only.
      await database.db.execute(
        sql`update ${orders} set created_at = '2025-03-01 12:00:00.123000+00'::timestamptz + ${`${i} microseconds`}::interval where id = ${order.id}`,
      );
      ids.unshift(order.id);
    }
    const options = { pageSize: 1, exactCountLimit: 2 };
    let page = await listAdminOrders(database.db, options);
    const seen = [page.orders[0]!.id];
    while (page.cursors.next) {
      page = await listAdminOrders(database.db, {
        ...options,
        page: page.page + 1,
        after: page.cursors.next,
      });
      seen.push(page.orders[0]!.id);
    }
    expect(seen).toEqual(ids);
  });
});
