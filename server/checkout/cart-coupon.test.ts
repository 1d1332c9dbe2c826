import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, clearCart, getOrCreateCart, priceCart } from "../cart/cart.ts";
import { carts, coupons } from "../db/schema/index.ts";
import { cartCoupon, keepCartCoupon } from "./cart-coupon.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function cartWithOneItem() {
  const { db } = database;
  const product = await createProduct(db);
  const cartId = await getOrCreateCart(db, { guestCartId: null });
  await addToCart(db, cartId, product.id, 1);
  return cartId;
}

describe("the coupon kept with a cart", () => {
  it("is read back with its terms until removed", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "KEEP10" });
    const cartId = await cartWithOneItem();
    await keepCartCoupon(db, cartId, coupon.code);
    const kept = await cartCoupon(db, cartId, await priceCart(db, cartId));
    expect(kept).toEqual({
      applied: { code: "KEEP10", discountType: "percentage", discountValueHundredths: 1000 },
      dropped: null,
    });
    await keepCartCoupon(db, cartId, null);
    expect(await cartCoupon(db, cartId, await priceCart(db, cartId))).toEqual({
      applied: null,
      dropped: null,
    });
  });

  it("is dropped from the cart once it no longer applies", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "GONE10" });
    const cartId = await cartWithOneItem();
    await keepCartCoupon(db, cartId, coupon.code);
    await db.update(coupons).set({ isActive: false }).where(eq(coupons.id, coupon.id));
    expect(await cartCoupon(db, cartId, await priceCart(db, cartId))).toEqual({
      applied: null,
      dropped: "GONE10",
    });
    const [row] = await db.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, cartId));
    expect(row?.code).toBeNull();
  });

  it("goes with the cart's lines at fulfilment (used)", async () => {
    const { db } = database;
    const coupon = await createCoupon(db, { code: "USED10" });
    const cartId = await cartWithOneItem();
    await keepCartCoupon(db, cartId, coupon.code);
    await clearCart(db, cartId);
    const [row] = await db.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, cartId));
    expect(row?.code).toBeNull();
  });
});
