import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon, createProduct } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { orders, productVariants } from "../db/schema/index.ts";
import { sandboxProvider } from "../payments/sandbox.ts";
import { paymentHoldRule } from "../reservations/hold-rule.ts";
import { startCheckout } from "./checkout.ts";
import { openPaymentsOfCart } from "./open-payments.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function guestCart(productId?: string) {
  productId ??= (await createProduct(database.db, { priceCents: 5999 })).id;
  const cartId = await getOrCreateCart(database.db, { guestCartId: null });
  await addToCart(database.db, cartId, productId, 1);
  return cartId;
}

/** A product whose one variant has `stock` units counted. */
async function stockedProduct(stock: number) {
  const product = await createProduct(database.db, { priceCents: 5999 });
  await database.db
    .update(productVariants)
    .set({ stockQuantity: stock })
    .where(eq(productVariants.productId, product.id));
  return product.id;
}

async function pay(clientIp: string, couponCode: string | null = null, productId?: string) {
  return startCheckout(database.db, sandboxProvider, {
    cartId: await guestCart(productId),
    userId: null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode,
    clientIp,
  });
}

const reasons = (results: { ok: boolean; reason?: string }[]) => results.map((r) => (r.ok ? "ok" : r.reason));

describe("open payments per client (hold rule)", () => {
  it(`one address opens at most ${paymentHoldRule.maxOpenPerClient} unpaid payments; others are not affected`, async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await pay("198.51.100.1"));
    expect(reasons(results)).toEqual(["ok", "ok", "ok", "too_many_open"]);
    expect(reasons([await pay("198.51.100.2")])).toEqual(["ok"]);

    // A payment whose window is over no longer counts.
    const first = results[0] as { orderId: string };
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - paymentHoldRule.holdMs - 1000) })
      .where(eq(orders.id, first.orderId));
    expect(reasons([await pay("198.51.100.1")])).toEqual(["ok"]);
  });

  it("parallel presses from one address cannot get past the cap", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => pay("198.51.100.3")));
    expect(reasons(results).filter((r) => r === "ok")).toHaveLength(paymentHoldRule.maxOpenPerClient);
  });

  it("one address holds one use of a coupon at a time; the other uses stay for other shoppers", async () => {
    const coupon = await createCoupon(database.db, { usageLimit: 2 });
    expect(reasons([await pay("198.51.100.4", coupon.code)])).toEqual(["ok"]);
    const again = await pay("198.51.100.4", coupon.code);
    expect(again).toMatchObject({ ok: false, reason: "coupon", rejection: { reason: "held_by_client" } });
    expect(reasons([await pay("198.51.100.5", coupon.code)])).toEqual(["ok"]);
    const third = await pay("198.51.100.6", coupon.code);
    expect(third).toMatchObject({ ok: false, rejection: { reason: "usage_limit" } });
  });

  it("one address holds a variant's last units once, even pressing in parallel; ample stock is not capped", async () => {
    const scarce = await stockedProduct(4);
    const presses = await Promise.all(Array.from({ length: 3 }, () => pay("198.51.100.8", null, scarce)));
    expect(reasons(presses).sort()).toEqual(["ok", "stock_held", "stock_held"]);
    expect(presses.find((r) => !r.ok)).toMatchObject({ refusal: "held_by_client" });
    expect(reasons([await pay("198.51.100.9", null, scarce)])).toEqual(["ok"]);

    const ample = await stockedProduct(500);
    expect(
      reasons([await pay("198.51.100.10", null, ample), await pay("198.51.100.10", null, ample)]),
    ).toEqual(["ok", "ok"]);
  });

  it("lists the open payments of a cart (the ones a new press ends)", async () => {
    const started = await pay("198.51.100.7");
    if (!started.ok) throw new Error(started.reason);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, started.orderId));
    const open = await openPaymentsOfCart(database.db, order!.cartId!, new Date());
    expect(open).toEqual([{ id: started.orderId, provider: "sandbox", sessionId: order!.providerSessionId }]);
    expect(order!.clientIp).toBe("198.51.100.7");
  });
});
