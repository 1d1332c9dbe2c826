import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { runSweep } from "../background.ts";
import { cartLines, carts } from "../db/schema/index.ts";
import { addToCart, getOrCreateCart } from "./cart.ts";
import { deleteAbandonedGuestCarts, GUEST_CART_RETENTION_DAYS } from "./cleanup.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const day = 24 * 60 * 60 * 1000;

async function cartWithLine(owner: { userId: string } | { guestCartId: null }, lastChange: Date) {
  const product = await createProduct(database.db);
  const cartId = await getOrCreateCart(database.db, owner);
  await addToCart(database.db, cartId, product.id, 1);
  await database.db.update(carts).set({ updatedAt: lastChange }).where(eq(carts.id, cartId));
  return cartId;
}

const exists = async (cartId: string) =>
  (await database.db.select().from(carts).where(eq(carts.id, cartId))).length === 1;

describe("deleteAbandonedGuestCarts", () => {
  it("deletes guest carts untouched past the retention period, with their lines, and keeps the rest", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (GUEST_CART_RETENTION_DAYS + 1) * day);
    const recent = new Date(now.getTime() - (GUEST_CART_RETENTION_DAYS - 1) * day);
    const abandoned = await cartWithLine({ guestCartId: null }, old);
    const active = await cartWithLine({ guestCartId: null }, recent);
    const customer = await createUser(database.db);
    const customersCart = await cartWithLine({ userId: customer.id }, old);

    expect(await deleteAbandonedGuestCarts(database.db, now)).toBe(1);
    expect(await exists(abandoned)).toBe(false);
    expect(await database.db.select().from(cartLines).where(eq(cartLines.cartId, abandoned))).toEqual([]);
    expect(await exists(active)).toBe(true);
    expect(await exists(customersCart)).toBe(true);
    expect(await deleteAbandonedGuestCarts(database.db, now)).toBe(0);
  });

  it("runs in the minute sweep", async () => {
    const now = new Date();
    const abandoned = await cartWithLine(
      { guestCartId: null },
      new Date(now.getTime() - (GUEST_CART_RETENTION_DAYS + 5) * day),
    );
    const mailer = { send: async () => "id" };
    const log = { error: (...args: unknown[]) => expect.fail(`sweep logged an error: ${String(args[1])}`) };
    await runSweep({ database, mailer, log }, now);
    expect(await exists(abandoned)).toBe(false);
  });
});
