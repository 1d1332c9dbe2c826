import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import type { Database } from "../db/client.ts";
import { databaseMetrics } from "../observability/database-metrics.ts";
import { bearerMatches, metricsEndpoint } from "./metrics-route.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const TOKEN = "scrape-token-0123456789";

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const app = new Hono().get("/metrics", metricsEndpoint(undefined, database));
    const response = await app.request("/metrics", { headers: { Authorization: "Bearer " } });
    expect(response.status).toBe(404);
  });

  it("accepts only the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const wrong of [
      undefined,
      "",
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
    ])
      expect(bearerMatches(wrong, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}${" ".repeat(600)}`, TOKEN)).toBe(false);
  });

  it("reports paid orders and the database's state from the database itself", async () => {
    await createOrder(database.db, { paymentStatus: "paid" });
    await createOrder(database.db, { paymentStatus: "paid" });
    await createOrder(database.db, { paymentStatus: "unpaid" });
    const app = new Hono().get("/metrics", metricsEndpoint(TOKEN, database));
    const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await response.text();
    expect(text).toContain("shop_orders_paid_total 2");
    expect(text).toContain("shop_database_up 1");
    expect(text).toMatch(/shop_database_connections\{state="[a-z ]+"\} [1-9]/);
    expect(text).toContain('shop_mail_outbox_messages{status="pending"} 0');
  });

  it("answers within about a second with shop_database_up 0 when the database hangs", async () => {
    // Every query builder call chains on, and awaiting it never settles: a database that hangs.
    const never: unknown = new Proxy(() => {}, {
      get: (_target, key) => (key === "then" ? () => {} : never),
      apply: () => never,
    });
    const hanging = { kind: "postgres", db: never } as unknown as Database;
    const started = Date.now();
    const metrics = await databaseMetrics(hanging);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(metrics.map((m) => m.name)).toEqual(["shop_database_up"]);
    expect(await metrics[0]!.samples()).toEqual([{ labels: {}, value: 0 }]);
  });
});
