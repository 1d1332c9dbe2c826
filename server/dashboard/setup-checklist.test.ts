import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { salesTaxRates, shippingZones } from "../db/schema/index.ts";
import { setupChecklist, taxCollectedSince } from "./setup-checklist.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const doneOf = async (config = { paymentsLive: false, smtp: false }) =>
  Object.fromEntries((await setupChecklist(database.db, config)).map((s) => [s.key, s.done]));

describe("setup checklist", () => {
  it("says tax is not set up until a state has a rate above zero, and reads payments and email from the config", async () => {
    const { db } = database;
    await db.delete(salesTaxRates);
    await db.delete(shippingZones);
    expect(await doneOf()).toEqual({
      tax: false,
      shipping: false,
      policies: false,
      payments: false,
      email: false,
    });
    await db.insert(salesTaxRates).values({ state: "CA", basisPoints: 0 });
    expect((await doneOf()).tax).toBe(false);
    await db.insert(salesTaxRates).values({ state: "TX", basisPoints: 825 });
    await db.insert(shippingZones).values({ zoneName: "US", rateName: "Standard", priceCents: 599 });
    expect(await doneOf({ paymentsLive: true, smtp: true })).toMatchObject({
      tax: true,
      shipping: true,
      payments: true,
      email: true,
    });
    const tax = (await setupChecklist(db, { paymentsLive: true, smtp: true })).find((s) => s.key === "tax");
    expect(tax?.detail).toBe("Collected in 1 state");
  });

  it("sums the tax of paid orders since a date", async () => {
    const { db } = database;
    const since = new Date("2026-01-01T00:00:00Z");
    await createOrder(db, {
      paymentStatus: "paid",
      taxCents: 825,
      totalCents: 10825,
      createdAt: new Date("2026-01-02"),
    });
    await createOrder(db, {
      paymentStatus: "paid",
      taxCents: 100,
      totalCents: 1100,
      createdAt: new Date("2025-12-31"),
    });
    await createOrder(db, { taxCents: 999, totalCents: 10999, createdAt: new Date("2026-01-02") });
    expect(await taxCollectedSince(db, since)).toBe(825);
  });
});
