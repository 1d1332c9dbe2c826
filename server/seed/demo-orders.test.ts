import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCheckout } from "../../core/pricing/checkout-pricing.ts";
import { createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { getDashboardOverview } from "../dashboard/overview.ts";
import { account, orderItems, orders, products, user } from "../db/schema/index.ts";
import { listCustomerOrders } from "../orders/customer-orders.ts";
import { listCustomerSubscriptions } from "../subscriptions/customer-subscriptions.ts";
import { type DemoSeedResult, seedDemoDataIfEmpty } from "./demo.ts";
import { isDemoDatabase } from "./demo-marker.ts";
import { DEMO_EMAIL_DOMAIN, demoCustomer } from "./demo-orders.ts";

const DAY = 86_400_000;
const uploadsRoot = mkdtempSync(path.join(tmpdir(), "seed-orders-test-"));
afterAll(() => rmSync(uploadsRoot, { recursive: true, force: true }));

describe("demo sales on a fresh database", () => {
  let database: TestDatabase;
  let seeded: DemoSeedResult | null;

  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seedDemoDataIfEmpty(database.db, { uploadsDir: path.join(uploadsRoot, "fresh") });
  });
  afterAll(() => database?.destroy());

  it("marks the database as a demo one", async () => {
    expect(await isDemoDatabase(database.db)).toBe(true);
  });

  it("holds paid orders over the last five weeks, all from demo addresses, priced by the shop's rules", async () => {
    const rows = await database.db.select().from(orders);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.every((o) => o.paymentStatus === "paid" && o.email!.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(
      true,
    );
    const ages = rows.map((o) => (Date.now() - o.createdAt.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(28);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(new Set(rows.map((o) => o.status))).toEqual(
      new Set(["pending", "processing", "shipped", "delivered", "cancelled"]),
    );
    for (const order of rows) {
      const items = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const expected = priceCheckout({
        subtotalCents: items.reduce((sum, i) => sum + i.lineTotalCents, 0),
        totalQuantity: items.reduce((sum, i) => sum + i.quantity, 0),
        purchaseType: order.purchaseType,
      });
      expect([order.subtotalCents, order.subscriptionDiscountCents, order.totalCents]).toEqual([
        expected.subtotalCents,
        expected.subscriptionDiscountCents,
        expected.totalCents,
      ]);
    }
  });

  it("fills the dashboard: order count, a chart with sales on most days, best sellers", async () => {
    const overview = await getDashboardOverview(database.db);
    expect(overview.totals.orders).toBe((await database.db.select().from(orders)).length);
    expect(overview.sales.filter((d) => d.orders > 0).length).toBeGreaterThan(15);
    expect(overview.topProducts.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the demo customer a random password, orders and an active subscription with its renewal", async () => {
    expect(seeded?.customer?.email).toBe(demoCustomer.email);
    expect(seeded?.customer?.password).toMatch(/^[\w-]{16}$/);
    const [customer] = await database.db.select().from(user).where(eq(user.email, demoCustomer.email));
    const [login] = await database.db.select().from(account).where(eq(account.userId, customer!.id));
    expect(await verifyPassword({ hash: login!.password!, password: seeded!.customer!.password })).toBe(true);

    const mine = await listCustomerOrders(database.db, customer!.id);
    expect(mine.map((o) => o.purchaseType)).toEqual(["subscription", "one_time", "subscription"]);
    const subscriptions = await listCustomerSubscriptions(database.db, customer!.id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.status).toBe("active");
    expect(mine.filter((o) => o.subscriptionId === subscriptions[0]!.id)).toHaveLength(2);
  });
});

describe("demo seed on a database that already has accounts", () => {
  it("adds the catalog but no sample sales and no demo customer", async () => {
    const database = await createTestDatabase();
    try {
      await createUser(database.db, { email: "owner@example.com" });
      const seeded = await seedDemoDataIfEmpty(database.db, {
        uploadsDir: path.join(uploadsRoot, "accounts"),
      });
      expect(seeded).toEqual({ customer: null });
      expect((await database.db.select().from(products)).length).toBeGreaterThan(0);
      expect(await database.db.select().from(orders)).toEqual([]);
      expect(await database.db.select().from(user)).toHaveLength(1);
    } finally {
      await database.destroy();
    }
  });
});

describe("a database the demo seed never filled", () => {
  it("is not a demo database", async () => {
    const database = await createTestDatabase();
    try {
      expect(await isDemoDatabase(database.db)).toBe(false);
    } finally {
      await database.destroy();
    }
  });
});
