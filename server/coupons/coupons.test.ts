import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createOrder, daysFromNow } from "../../tests/factories/index.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { couponReservations } from "../db/schema/index.ts";
import { hasVisibleCoupon, releaseCouponReservation, reserveCouponUse, validateCoupon } from "./coupons.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const reserve = (code: string, orderId: string, subtotalCents = 5000) =>
  database.db.transaction((tx) =>
    reserveCouponUse(tx, { code, orderId, subtotalCents, expiresAt: new Date(Date.now() + 30 * 60_000) }),
  );

describe("validateCoupon", () => {
  it("accepts a valid code typed in any case and with spaces", async () => {
    await createCoupon(database.db, { code: "HELLO10" });
    const check = await validateCoupon(database.db, "  hello10 ", 1000);
    expect(check.ok).toBe(true);
  });

  it.each([
    ["an unknown code", "NOPE", {}, "Invalid Coupon", "Coupon code not found or inactive"],
    [
      "an inactive coupon",
      "OFF1",
      { isActive: false },
      "Invalid Coupon",
      "Coupon code not found or inactive",
    ],
    [
      "a hidden coupon",
      "HIDE1",
      { showOnFrontend: false },
      "Invalid Coupon",
      "Coupon code not found or inactive",
    ],
    [
      "an expired coupon",
      "OLD1",
      { validUntil: daysFromNow(-1) },
      "Expired Coupon",
      "This coupon has expired or is not yet active",
    ],
    [
      "a future coupon",
      "SOON1",
      { validFrom: daysFromNow(2) },
      "Expired Coupon",
      "This coupon has expired or is not yet active",
    ],
    [
      "a minimum not met",
      "MIN40",
      { minimumOrderCents: 4000 },
      "Minimum Order Not Met",
      "Minimum order amount is $40.00",
    ],
    [
      "a used-up coupon",
      "USED1",
      { usageLimit: 1, usedCount: 1 },
      "Usage Limit Reached",
      "This coupon has reached its usage limit",
    ],
  ])("refuses %s with the spec's message", async (_label, code, overrides, title, description) => {
    if (code !== "NOPE") await createCoupon(database.db, { code, ...overrides });
    const check = await validateCoupon(database.db, code, 3999);
    expect(check).toEqual({ ok: false, rejection: expect.objectContaining({ title, description }) });
  });

  it("checks the minimum against the subtotal", async () => {
    await createCoupon(database.db, { code: "MIN50", minimumOrderCents: 5000 });
    expect((await validateCoupon(database.db, "MIN50", 5000)).ok).toBe(true);
    expect((await validateCoupon(database.db, "MIN50", 4999)).ok).toBe(false);
  });
});

describe("coupon reservations", () => {
  it("counts an open reservation against the usage limit and frees it on release", async () => {
    await createCoupon(database.db, { code: "ONCE1", usageLimit: 1 });
    const first = await createOrder(database.db);
    const second = await createOrder(database.db);
    expect((await reserve("ONCE1", first.id)).ok).toBe(true);
    const refused = await reserve("ONCE1", second.id);
    expect(refused.ok || refused.rejection.title).toBe("Usage Limit Reached");
    await releaseCouponReservation(database.db, first.id);
    expect((await reserve("ONCE1", second.id)).ok).toBe(true);
  });

  it("ignores expired reservations", async () => {
    const coupon = await createCoupon(database.db, { code: "ONCE2", usageLimit: 1 });
    const stale = await createOrder(database.db);
    await database.db
      .insert(couponReservations)
      .values({ couponId: coupon.id, orderId: stale.id, expiresAt: new Date(Date.now() - 1000) });
    expect((await reserve("ONCE2", (await createOrder(database.db)).id)).ok).toBe(true);
  });

  it("reports whether any active, visible coupon exists", async () => {
    expect(await hasVisibleCoupon(database.db)).toBe(true);
  });
});

describeOnPostgres("coupon usage limit under concurrent checkouts", () => {
  it("lets exactly one of 50 concurrent checkouts reserve a single-use coupon", async () => {
    const coupon = await createCoupon(database.db, { code: "RACE1", usageLimit: 1 });
    const orders = await Promise.all(Array.from({ length: 50 }, () => createOrder(database.db)));
    // Open 50 connections first so the checkouts really run side by side.
    await Promise.all(
      orders.map(() => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))),
    );
    const results = await Promise.all(orders.map((o) => reserve("RACE1", o.id)));
    const accepted = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    console.log(
      "ACCEPTED",
      accepted.length,
      results.length,
      JSON.stringify(results.filter((r) => !r.ok).map((r) => !r.ok && r.rejection.reason)),
    );
    expect(accepted).toHaveLength(1);
    expect(refused.every((r) => !r.ok && r.rejection.title === "Usage Limit Reached")).toBe(true);
    const held = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.couponId, coupon.id));
    expect(held).toHaveLength(1);
  });
});
