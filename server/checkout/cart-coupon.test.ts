import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createOrder, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, clearCart, getOrCreateCart, priceCart } from "../cart/cart.ts";
import { carts, couponReservations, coupons } from "../db/schema/index.ts";
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

  it("is not taken from the cart by the cart's own unfinished payment, only by someone else's", async () => {
    // A one-use coupon held by a payment started from this cart (e.g. cancelled at PayPal while the
    // page reloads): the buyer keeps it. Held by another cart's payment, it is used up.
    const { db } = database;
    const coupon = await createCoupon(db, { code: "ONCEONLY", usageLimit: 1 });
    const cartId = await cartWithOneItem();
    await keepCartCoupon(db, cartId, coupon.code);
    const hold = async (fromCart: string) => {
      const order = await createOrder(db, {
        cartId: fromCart,
        paymentStatus: "unpaid",
        couponCode: coupon.code,
      });
      const expiresAt = new Date(Date.now() + 30 * 60_000);
      await db.insert(couponReservations).values({ couponId: coupon.id, orderId: order.id, expiresAt });
    };
    await hold(cartId);
    expect((await cartCoupon(db, cartId, await priceCart(db, cartId))).applied?.code).toBe("ONCEONLY");

    await db.delete(couponReservations);
    await hold(await cartWithOneItem());
    expect(await cartCoupon(db, cartId, await priceCart(db, cartId))).toEqual({
      applied: null,
      dropped: "ONCEONLY",
    });
  });
});
