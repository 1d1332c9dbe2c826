import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponStatus } from "../../core/pricing/coupon-status.ts";
import { freeOrderWarning } from "../../core/pricing/coupon-terms.ts";
import { createContentCreator, createCoupon } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  couponInputSchema,
  createAdminCoupon,
  deleteAdminCoupon,
  listActiveCreatorOptions,
  listAdminCoupons,
  setCouponFlag,
  updateAdminCoupon,
} from "./admin-coupons.ts";
import { hasVisibleCoupon, validateCoupon } from "./coupons.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const form = (overrides: Record<string, unknown> = {}) => ({
  code: "summer25",
  discountType: "percentage",
  discountValue: "25",
  contentCreatorId: "",
  validUntil: "",
  usageLimit: "",
  minimumOrder: "",
  oncePerCustomer: false,
  showOnFrontend: true,
  ...overrides,
});
const parse = (overrides: Record<string, unknown> = {}) => couponInputSchema.parse(form(overrides));
const messages = (overrides: Record<string, unknown>) => {
  const result = couponInputSchema.safeParse(form(overrides));
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("coupon form validation", () => {
  it("upper-cases the code and converts values to hundredths", () => {
    const input = parse({ code: " summer25 ", discountValue: "12.5", usageLimit: "3" });
    expect(input).toMatchObject({
      code: "SUMMER25",
      discountValue: 1250,
      usageLimit: 3,
      contentCreatorId: null,
    });
  });
  it("gives the spec's messages", () => {
    expect(messages({ code: "AB" })).toContain("Code must be at least 3 characters");
    expect(messages({ code: "A".repeat(21) })).toContain("Code must be at most 20 characters");
    expect(messages({ discountValue: "0" })).toContain("Discount value must be greater than 0");
    expect(messages({ discountValue: "" })).toContain("Discount value must be greater than 0");
    expect(messages({ usageLimit: "0" })).toContain("Usage limit must be at least 1");
  });
  it("keeps a percentage between 0.01 and 100 and a fixed amount at most $1,000", () => {
    expect(messages({ discountValue: "150" })).toEqual(["A percentage discount is at most 100%"]);
    expect(messages({ discountValue: "100" })).toEqual([]);
    expect(messages({ discountValue: "0.01" })).toEqual([]);
    expect(messages({ discountType: "fixed", discountValue: "150" })).toEqual([]);
    expect(messages({ discountType: "fixed", discountValue: "1000.01" })).toEqual([
      "A fixed discount is at most $1,000.00",
    ]);
  });
  it("reads the minimum order in dollars and the once-per-customer switch", () => {
    expect(parse({ minimumOrder: "49.99", oncePerCustomer: true })).toMatchObject({
      minimumOrder: 4999,
      oncePerCustomer: true,
    });
    expect(parse({ minimumOrder: "" }).minimumOrder).toBeNull();
    expect(messages({ minimumOrder: "0" })).toEqual(["Leave empty for no minimum, or enter at least $0.01"]);
    expect(messages({ minimumOrder: "abc" })).toEqual(["Enter an amount in dollars, e.g. 50 or 49.99"]);
  });
});

describe("free-order warning", () => {
  const warn = (discountType: "percentage" | "fixed", value: number, minimum: number | null = null) =>
    freeOrderWarning({ discountType, discountValueHundredths: value, minimumOrderCents: minimum });
  it("warns at 100% and for an amount that covers the smallest order it applies to", () => {
    expect(warn("percentage", 10000)).toBe("At 100% off, every order with this coupon is free.");
    expect(warn("percentage", 9999)).toBeNull();
    expect(warn("fixed", 2000)).toBe(
      "Orders of $20.00 or less will be free: set a minimum order above $20.00 to prevent it.",
    );
    expect(warn("fixed", 2000, 2000)).not.toBeNull();
    expect(warn("fixed", 2000, 2001)).toBeNull();
  });
});

describe("admin coupons", () => {
  it("creates an active coupon valid for a year by default and refuses a duplicate code", async () => {
    const now = new Date("2026-01-10T12:00:00Z");
    const created = await createAdminCoupon(database.db, parse({ code: "YEARLONG" }), now);
    expect(created.ok && created.coupon).toMatchObject({
      isActive: true,
      validFrom: now,
      validUntil: new Date("2027-01-10T12:00:00Z"),
    });
    const duplicate = await createAdminCoupon(database.db, parse({ code: "yearlong" }));
    expect(duplicate).toEqual({
      ok: false,
      field: "code",
      message: "A coupon with the code YEARLONG already exists",
    });
  });

  it("updates a coupon, keeping its expiry when none is given, and lists the creator", async () => {
    const creator = await createContentCreator(database.db, { username: "maya", fullName: "Maya Stone" });
    const coupon = await createCoupon(database.db, { code: "EDITME" });
    const saved = await updateAdminCoupon(
      database.db,
      coupon.id,
      parse({ code: "EDITED", discountType: "fixed", discountValue: "5", contentCreatorId: creator.id }),
    );
    expect(saved.ok && saved.coupon).toMatchObject({
      minimumOrderCents: null,
      oncePerCustomer: false,
      code: "EDITED",
      discountType: "fixed",
      discountValueHundredths: 500,
      validUntil: coupon.validUntil,
    });
    const listed = (await listAdminCoupons(database.db)).find((c) => c.id === coupon.id);
    expect(listed).toMatchObject({ creatorUsername: "maya", creatorFullName: "Maya Stone" });
  });

  it("offers active creators in the form, and the edited coupon's own creator even when inactive", async () => {
    const { db } = database;
    const away = await createContentCreator(db, { username: "zz-away", isActive: false });
    const names = async (linkedId?: string | null) =>
      (await listActiveCreatorOptions(db, linkedId)).map((c) => c.username);
    expect(await names()).not.toContain("zz-away");
    expect(await names("")).not.toContain("zz-away");
    expect(await names("not-a-uuid")).not.toContain("zz-away");
    const withLinked = await listActiveCreatorOptions(db, away.id);
    expect(withLinked.at(-1)).toMatchObject({ username: "zz-away", isActive: false });
    expect(withLinked.length).toBe((await names()).length + 1);
  });

  it("a disabled coupon is refused at checkout; hiding all coupons hides the checkout box", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "TOGGLE10" });
    expect((await validateCoupon(db, "TOGGLE10", 5000)).ok).toBe(true);
    await setCouponFlag(db, coupon.id, "isActive", false);
    expect((await validateCoupon(db, "TOGGLE10", 5000)).ok).toBe(false);
    await setCouponFlag(db, coupon.id, "isActive", true);

    for (const c of await listAdminCoupons(db)) await setCouponFlag(db, c.id, "showOnFrontend", false);
    expect(await hasVisibleCoupon(db)).toBe(false);
    await setCouponFlag(db, coupon.id, "showOnFrontend", true);
    expect(await hasVisibleCoupon(db)).toBe(true);
  });

  it("deletes a coupon", async () => {
    const coupon = await createCoupon(database.db);
    expect(await deleteAdminCoupon(database.db, coupon.id)).toBe(true);
    expect(await deleteAdminCoupon(database.db, coupon.id)).toBe(false);
  });

  it("derives the display status", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(couponStatus({ isActive: false, validUntil: null }, now)).toBe("Inactive");
    expect(couponStatus({ isActive: true, validUntil: new Date("2026-05-01") }, now)).toBe("Expired");
    expect(couponStatus({ isActive: true, validUntil: null }, now)).toBe("Active");
  });
});
