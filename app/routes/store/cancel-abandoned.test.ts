import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, getOrCreateCart } from "~server/cart/cart.ts";
import { startCheckout } from "~server/checkout/checkout.ts";
import type { RequestContext } from "~server/context.ts";
import { orders, sandboxSessions } from "~server/db/schema/index.ts";
import { sandboxProvider } from "~server/payments/sandbox.ts";
import { createProduct, createUser } from "../../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/database.ts";
import { cancelAbandonedPayment } from "./checkout-request.server.ts";

let database: TestDatabase;
let context: RequestContext;
beforeAll(async () => {
  database = await createTestDatabase();
  const errors: unknown[] = [];
  context = {
    database,
    config: { publicUrl: "http://shop.test", stripe: undefined, paypal: undefined },
    log: { error: (...args: unknown[]) => errors.push(args) },
  } as unknown as RequestContext;
});
afterAll(() => database.destroy());

/** The Cookie header of a browser holding the guest cart `cartId` (encoded as the app encodes it). */
async function guestCookie(cartId: string) {
  return (await createCookie("cart_id").serialize(cartId)).split(";")[0]!;
}

const page = (cookie?: string) =>
  new Request("http://shop.test/checkout", cookie ? { headers: { Cookie: cookie } } : {});

/** An unpaid order (open sandbox session) from the cart of `owner`. */
async function openPayment(owner: { userId: string } | { guestCartId: null }) {
  const product = await createProduct(database.db);
  const cartId = await getOrCreateCart(database.db, owner);
  await addToCart(database.db, cartId, product.id, 1);
  const result = await startCheckout(database.db, sandboxProvider, {
    cartId,
    userId: "userId" in owner ? owner.userId : null,
    purchaseType: "one_time",
    paymentMethod: "card",
    couponCode: null,
  });
  if (!result.ok) throw new Error(result.reason);
  return { orderId: result.orderId, cartId };
}

async function state(orderId: string) {
  const [row] = await database.db
    .select({ payment: orders.paymentStatus, session: sandboxSessions.status })
    .from(orders)
    .innerJoin(sandboxSessions, eq(sandboxSessions.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

describe("cancelAbandonedPayment (the provider's cancel link back to /checkout?cancelled=<order>)", () => {
  it("gives up only the requester's own payment: another customer's or guest's link changes nothing", async () => {
    const owner = await createUser(database.db);
    const stranger = await createUser(database.db);
    const { orderId } = await openPayment({ userId: owner.id });

    await cancelAbandonedPayment(context, page(), { orderId, userId: stranger.id });
    await cancelAbandonedPayment(context, page(), { orderId, userId: null });
    expect(await state(orderId)).toEqual({ payment: "unpaid", session: "open" });

    await cancelAbandonedPayment(context, page(), { orderId, userId: owner.id });
    expect(await state(orderId)).toEqual({ payment: "expired", session: "canceled" });
  });

  it("lets a guest cancel through the cart cookie of the cart the order was made from", async () => {
    const { orderId, cartId } = await openPayment({ guestCartId: null });
    const other = await getOrCreateCart(database.db, { guestCartId: null });

    await cancelAbandonedPayment(context, page(await guestCookie(other)), { orderId, userId: null });
    expect(await state(orderId)).toEqual({ payment: "unpaid", session: "open" });

    await cancelAbandonedPayment(context, page(await guestCookie(cartId)), { orderId, userId: null });
    expect(await state(orderId)).toEqual({ payment: "expired", session: "canceled" });
  });

  it("ignores ids that are not uuids or name no unpaid order", async () => {
    await expect(
      cancelAbandonedPayment(context, page(), { orderId: "'; drop table orders; --", userId: null }),
    ).resolves.toBeUndefined();
    await expect(
      cancelAbandonedPayment(context, page(), { orderId: crypto.randomUUID(), userId: null }),
    ).resolves.toBeUndefined();
  });
});
