import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { user } from "../db/schema/index.ts";
import { CartError, getOrCreateCart } from "./cart.ts";
import { purchaseTypeOf, setPurchaseType } from "./purchase-type.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("the cart's purchase choice", () => {
  it("keeps an account's subscription for checkout, and switches back to one-time", async () => {
    const db = database.db;
    const userId = crypto.randomUUID();
    await db.insert(user).values({ id: userId, email: "choice@example.com", name: "Choice" });
    const cartId = await getOrCreateCart(db, { userId });
    expect(await purchaseTypeOf(db, cartId, true)).toBe("one_time");
    await setPurchaseType(db, cartId, "subscription", true);
    expect(await purchaseTypeOf(db, cartId, true)).toBe("subscription");
    // Signed out, the same cart reads one-time: a subscription needs the account.
    expect(await purchaseTypeOf(db, cartId, false)).toBe("one_time");
    await setPurchaseType(db, cartId, "one_time", true);
    expect(await purchaseTypeOf(db, cartId, true)).toBe("one_time");
    expect(await purchaseTypeOf(db, null, true)).toBe("one_time");
  });

  it("refuses a guest's subscription with the reason, and stores nothing", async () => {
    const db = database.db;
    const cartId = await getOrCreateCart(db, { guestCartId: null });
    const refused = await setPurchaseType(db, cartId, "subscription", false).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CartError);
    expect((refused as CartError).message).toBe(
      "Subscriptions need an account: sign in or create one to subscribe.",
    );
    expect(await purchaseTypeOf(db, cartId, true)).toBe("one_time");
  });
});
