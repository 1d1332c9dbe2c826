import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createOrder, createUser, daysFromNow } from "../../tests/factories/index.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import { couponReservations, couponUsages } from "../db/schema/index.ts";
import {
  type CouponCustomer,
  checkCouponUse,
  hasVisibleCoupon,
  releaseCouponReservation,
  reserveCouponUse,
  validateCoupon,
} from "./coupons.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const reserve = (code: string, orderId: string, subtotalCents = 5000, customer?: CouponCustomer) =>
  database.db.transaction((tx) =>
    reserveCouponUse(tx, {
      code,
      orderId,
      subtotalCents,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      customer,
    }),
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

describe("once per customer", () => {
  const used = async (couponId: string, orderId: string, email: string) =>
    database.db.insert(couponUsages).values({ couponId, orderId, userEmail: email, discountCents: 500 });

  it("refuses a guest email (any case) or an account that used the coupon, and lets others use it", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "FIRSTBUY", oncePerCustomer: true });
    const paid = await createOrder(db, { paymentStatus: "paid", email: "ann@example.com" });
    await used(coupon.id, paid.id, "ann@example.com");

    const guestAgain = await reserve("FIRSTBUY", (await createOrder(db)).id, 5000, {
      userId: null,
      email: "ANN@example.com",
    });
    expect(guestAgain.ok || guestAgain.rejection.title).toBe("Coupon Already Used");

    // An account whose email bought as a guest before is the same customer.
    const ann = await createUser(db, { email: "ann@example.com" });
    const accountAgain = await reserve("FIRSTBUY", (await createOrder(db, { userId: ann.id })).id, 5000, {
      userId: ann.id,
      email: null,
    });
    expect(accountAgain.ok).toBe(false);

    const bob = await reserve("FIRSTBUY", (await createOrder(db)).id, 5000, {
      userId: null,
      email: "bob@example.com",
    });
    expect(bob.ok).toBe(true);
  });

  it("counts a payment still open with the coupon, so two tabs cannot both use it", async () => {
    const { db } = database;
    await createCoupon(db, { code: "ONETAB", oncePerCustomer: true });
    const carol = await createUser(db, { email: "carol@example.com" });
    const customer = { userId: carol.id, email: null };
    const first = await createOrder(db, { userId: carol.id });
    expect((await reserve("ONETAB", first.id, 5000, customer)).ok).toBe(true);
    const second = await reserve("ONETAB", (await createOrder(db, { userId: carol.id })).id, 5000, customer);
    expect(second.ok || second.rejection.reason).toBe("once_per_customer");
    await releaseCouponReservation(db, first.id);
    expect((await reserve("ONETAB", (await createOrder(db)).id, 5000, customer)).ok).toBe(true);
  });

  it("does not limit a coupon without the option", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "MANYTIMES" });
    await used(coupon.id, (await createOrder(db, { paymentStatus: "paid" })).id, "dan@example.com");
    const again = await reserve("MANYTIMES", (await createOrder(db)).id, 5000, {
      userId: null,
      email: "dan@example.com",
    });
    expect(again.ok).toBe(true);
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
    expect(accepted).toHaveLength(1);
    expect(refused.every((r) => !r.ok && r.rejection.title === "Usage Limit Reached")).toBe(true);
    const held = await database.db
      .select()
      .from(couponReservations)
      .where(eq(couponReservations.couponId, coupon.id));
    expect(held).toHaveLength(1);
  });
});

describeOnPostgres("which coupons a checkout locks", () => {
  /**
   * Runs a second checkout's check while a first one's transaction, which checked the same code,
   * is still open; the second gives up after 300 ms on a lock instead of waiting for the first.
   */
  async function whileAnotherCheckoutIsOpen(code: string) {
    let finishFirst = () => {};
    let markChecked = () => {};
    const firstChecked = new Promise<void>((resolve) => {
      markChecked = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      const order = await createOrder(tx);
      await reserveCouponUse(tx, { code, orderId: order.id, subtotalCents: 5000, expiresAt: daysFromNow(1) });
      markChecked();
      await new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
    });
    await firstChecked;
    try {
      return await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '300ms'`);
        const order = await createOrder(tx);
        return checkCouponUse(tx, {
          code,
          orderId: order.id,
          subtotalCents: 5000,
          expiresAt: daysFromNow(1),
        });
      });
    } finally {
      finishFirst();
      await first;
    }
  }

  it("does not make buyers of an unlimited code wait for one another", async () => {
    await createCoupon(database.db, { code: "EVERYONE10" });
    expect(await whileAnotherCheckoutIsOpen("EVERYONE10")).toMatchObject({ ok: true });
  });

  it("queues checkouts of a coupon whose uses are counted on its row", async () => {
    await createCoupon(database.db, { code: "FIRST100", usageLimit: 100 });
    await expect(whileAnotherCheckoutIsOpen("FIRST100")).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "55P03" }),
    });
  });
});
