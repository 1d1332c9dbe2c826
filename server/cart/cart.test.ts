import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createVariant, updateOnlyVariant } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { cartLines, carts, products, user } from "../db/schema/index.ts";
import {
  addToCart,
  CartError,
  clearCart,
  findCart,
  getOrCreateCart,
  priceCart,
  removeLine,
  setQuantity,
} from "./cart.ts";
import { mergeGuestCartIntoUserCart } from "./merge.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const newGuestCart = () => getOrCreateCart(database.db, { guestCartId: null });

async function createUser(email: string) {
  const id = crypto.randomUUID();
  await database.db.insert(user).values({ id, email, name: email });
  return id;
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CartError);
  return (error as CartError).code;
}

describe("cart lines", () => {
  it("identifies a line by product + weight: adding again raises the quantity", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const resin = await createProduct(db, { priceCents: 5999, weightType: "30g" });
    const drops = await createProduct(db, { priceCents: 3999, weightType: "30ml" });
    await addToCart(db, cartId, resin.id, 1);
    await addToCart(db, cartId, resin.id, 2);
    await addToCart(db, cartId, drops.id, 1);
    const cart = await priceCart(db, cartId);
    expect(cart.lines.map((l) => [l.name, l.weight, l.quantity])).toEqual([
      [resin.name, "30g", 3],
      [drops.name, "30ml", 1],
    ]);
    expect(cart.quantity).toBe(4);
    expect(cart.subtotalCents).toBe(3 * 5999 + 3999);
    expect(cart.totalCents).toBe(cart.subtotalCents);
  });

  it("keeps one line per variant, each at its own price, and adds the first variant when none is chosen", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const product = await createProduct(db, { weightType: "30g", priceCents: 3000 });
    const large = await createVariant(db, product, { title: "100g", priceCents: 7000 });
    await addToCart(db, cartId, product.id, 1);
    await addToCart(db, cartId, { productId: product.id, variantId: large.id }, 1);
    await addToCart(db, cartId, { productId: product.id, variantId: large.id }, 1);
    const cart = await priceCart(db, cartId);
    expect(cart.lines.map((l) => `${l.weight}×${l.quantity}=${l.lineTotalCents}`)).toEqual([
      "30g×1=3000",
      "100g×2=14000",
    ]);
    expect(cart.lines[1]).toMatchObject({ variantId: large.id, sku: large.sku });
  });

  it("adds the first variant on sale when none is chosen (a card's button), as the product page does", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const product = await createProduct(db, { soldOut: true });
    const onSale = await createVariant(db, product, { title: "50g", priceCents: 8000 });
    await addToCart(db, cartId, product.id, 1);
    expect((await priceCart(db, cartId)).lines.map((l) => [l.variantId, l.status])).toEqual([
      [onSale.id, "available"],
    ]);
  });

  it("refuses a variant of another product, and an archived one", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const product = await createProduct(db);
    const other = await createProduct(db);
    const archived = await createVariant(db, product, { title: "5g", archivedAt: new Date() });
    const otherVariant = await createVariant(db, other, { title: "60g" });
    const add = (variantId: string) => addToCart(db, cartId, { productId: product.id, variantId }, 1);
    expect(await rejection(add(otherVariant.id))).toBe("product_not_found");
    expect(await rejection(add(archived.id))).toBe("product_not_found");
    expect((await priceCart(db, cartId)).lines).toEqual([]);
  });

  it("prices from the current catalog, not from the time of adding", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const product = await createProduct(db, { priceCents: 5000, name: "Old Name" });
    await addToCart(db, cartId, product.id, 2);
    await db.update(products).set({ name: "New Name" }).where(eq(products.id, product.id));
    await updateOnlyVariant(db, product.id, { priceCents: 4500 });
    const [line] = (await priceCart(db, cartId)).lines;
    expect(line).toMatchObject({ name: "New Name", unitPriceCents: 4500, lineTotalCents: 9000 });
  });

  it("refuses bad quantities and changes nothing", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const product = await createProduct(db);
    const { id: lineId } = await addToCart(db, cartId, product.id, 2);
    for (const bad of [0, -1, 100, 1.5, Number.NaN]) {
      expect(await rejection(addToCart(db, cartId, product.id, bad))).toBe("invalid_quantity");
      expect(await rejection(setQuantity(db, cartId, lineId, bad))).toBe("invalid_quantity");
    }
    // Adding beyond the maximum is refused rather than silently capped.
    await setQuantity(db, cartId, lineId, 98);
    expect(await rejection(addToCart(db, cartId, product.id, 2))).toBe("quantity_limit");
    expect((await priceCart(db, cartId)).quantity).toBe(98);
    await addToCart(db, cartId, product.id, 1);
    expect((await priceCart(db, cartId)).quantity).toBe(99);
  });

  it("caps a tracked variant at the units left when adding and raising, with 'Only N left'", async () => {
    const { db } = database;
    const cartId = await newGuestCart();
    const product = await createProduct(db);
    await updateOnlyVariant(db, product.id, { stockQuantity: 3 });
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (e: CartError) => [e.code, e.message],
      );
    expect(await refusal(addToCart(db, cartId, product.id, 5))).toEqual(["only_left", "Only 3 left"]);
    const line = await addToCart(db, cartId, product.id, 2);
    expect(await refusal(addToCart(db, cartId, product.id, 2))).toEqual(["only_left", "Only 3 left"]);
    expect(await refusal(setQuantity(db, cartId, line.id, 4))).toEqual(["only_left", "Only 3 left"]);
    await setQuantity(db, cartId, line.id, 3);
    expect((await priceCart(db, cartId)).quantity).toBe(3);
    // Lowering is always allowed, even when the stock fell below the line meanwhile.
    await updateOnlyVariant(db, product.id, { stockQuantity: 1 });
    await setQuantity(db, cartId, line.id, 2);
    expect((await priceCart(db, cartId)).quantity).toBe(2);
  });

  it("refuses sold-out and unknown products", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const soldOut = await createProduct(db, { soldOut: true });
    expect(await rejection(addToCart(db, cartId, soldOut.id, 1))).toBe("sold_out");
    expect(await rejection(addToCart(db, cartId, crypto.randomUUID(), 1))).toBe("product_not_found");
    expect(await rejection(addToCart(db, cartId, "not-a-uuid", 1))).toBe("product_not_found");
    expect((await priceCart(db, cartId)).lines).toEqual([]);
  });

  it("flags lines whose product became sold out or was deleted, and leaves them out of the total", async () => {
    const db = database.db;
    const cartId = await newGuestCart();
    const kept = await createProduct(db, { priceCents: 1000 });
    const soldOut = await createProduct(db, { priceCents: 2000 });
    const deleted = await createProduct(db, { priceCents: 3000, name: "Discontinued Resin" });
    await addToCart(db, cartId, kept.id, 1);
    const soldOutLine = await addToCart(db, cartId, soldOut.id, 2);
    const deletedLine = await addToCart(db, cartId, deleted.id, 3);
    await updateOnlyVariant(db, soldOut.id, { soldOut: true });
    await db.delete(products).where(eq(products.id, deleted.id));

    const cart = await priceCart(db, cartId);
    expect(cart.lines.map((l) => [l.name, l.status, l.lineTotalCents])).toEqual([
      [kept.name, "available", 1000],
      [soldOut.name, "sold_out", 0],
      ["Discontinued Resin", "deleted", 0],
    ]);
    expect(cart.subtotalCents).toBe(1000);
    expect(cart.quantity).toBe(6);
    expect(cart.hasUnavailableLines).toBe(true);

    // Such lines can be lowered or removed, never raised.
    expect(await rejection(setQuantity(db, cartId, soldOutLine.id, 3))).toBe("unavailable");
    expect(await rejection(setQuantity(db, cartId, deletedLine.id, 4))).toBe("unavailable");
    await setQuantity(db, cartId, deletedLine.id, 1);
    await removeLine(db, cartId, soldOutLine.id);
    await removeLine(db, cartId, deletedLine.id);
    expect((await priceCart(db, cartId)).hasUnavailableLines).toBe(false);
  });

  it("updates and removes only lines of the given cart", async () => {
    const db = database.db;
    const mine = await newGuestCart();
    const theirs = await newGuestCart();
    const product = await createProduct(db);
    const { id: theirLine } = await addToCart(db, theirs, product.id, 1);
    expect(await rejection(setQuantity(db, mine, theirLine, 5))).toBe("line_not_found");
    expect(await rejection(removeLine(db, mine, theirLine))).toBe("line_not_found");
    expect((await priceCart(db, theirs)).quantity).toBe(1);
    await setQuantity(db, theirs, theirLine, 5);
    expect((await priceCart(db, theirs)).quantity).toBe(5);
    await clearCart(db, theirs);
    expect((await priceCart(db, theirs)).lines).toEqual([]);
  });

  it("never opens an account's cart through a guest cart id", async () => {
    const db = database.db;
    const userId = await createUser("owner@example.com");
    const userCart = await getOrCreateCart(db, { userId });
    expect(await getOrCreateCart(db, { userId })).toBe(userCart);
    expect(await findCart(db, { guestCartId: userCart })).toBeNull();
    expect(await findCart(db, { guestCartId: "garbage" })).toBeNull();
    expect(await getOrCreateCart(db, { guestCartId: userCart })).not.toBe(userCart);
  });
});

describe("mergeGuestCartIntoUserCart", () => {
  it("adds the guest's lines into the account's cart and deletes the guest cart", async () => {
    const db = database.db;
    const userId = await createUser("merge@example.com");
    const a = await createProduct(db, { priceCents: 1000 });
    const b = await createProduct(db, { priceCents: 2000 });
    const c = await createProduct(db, { priceCents: 3000 });
    const userCart = await getOrCreateCart(db, { userId });
    await addToCart(db, userCart, a.id, 2);
    await addToCart(db, userCart, b.id, 98);
    const guestCart = await newGuestCart();
    await addToCart(db, guestCart, a.id, 3);
    await addToCart(db, guestCart, b.id, 5);
    await addToCart(db, guestCart, c.id, 1);

    expect(await mergeGuestCartIntoUserCart(db, guestCart, userId)).toBe(userCart);
    const cart = await priceCart(db, userCart);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a.id, 5],
      [b.id, 99], // capped at the maximum
      [c.id, 1],
    ]);
    expect(await db.select().from(carts).where(eq(carts.id, guestCart))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, guestCart))).toEqual([]);
  });

  it("caps a merged line of a tracked variant at the units left, keeping what the account's line held", async () => {
    const db = database.db;
    const userId = await createUser("merge-stock@example.com");
    const few = await createProduct(db, { priceCents: 1000 });
    const tight = await createProduct(db, { priceCents: 2000 });
    const userCart = await getOrCreateCart(db, { userId });
    await addToCart(db, userCart, tight.id, 2);
    const guestCart = await newGuestCart();
    await addToCart(db, guestCart, few.id, 5);
    await addToCart(db, guestCart, tight.id, 4);
    // Stock falls after the guest added: 3 of one left, and fewer of the other than the account holds.
    await updateOnlyVariant(db, few.id, { stockQuantity: 3 });
    await updateOnlyVariant(db, tight.id, { stockQuantity: 1 });

    await mergeGuestCartIntoUserCart(db, guestCart, userId);
    const cart = await priceCart(db, userCart);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [tight.id, 2], // not raised past the stock, and not lowered below what the account had
      [few.id, 3],
    ]);
    // The cart's own rule agrees: adding one more is refused as over the stock.
    expect(await rejection(addToCart(db, userCart, few.id, 1))).toBe("only_left");
  });

  it("creates the account's cart when it has none, and keeps deleted products flagged", async () => {
    const db = database.db;
    const userId = await createUser("fresh@example.com");
    const product = await createProduct(db);
    const gone = await createProduct(db, { name: "Gone Resin" });
    const guestCart = await newGuestCart();
    await addToCart(db, guestCart, product.id, 2);
    await addToCart(db, guestCart, gone.id, 1);
    await db.delete(products).where(eq(products.id, gone.id));

    const userCart = await mergeGuestCartIntoUserCart(db, guestCart, userId);
    const cart = await priceCart(db, userCart);
    expect(cart.lines.map((l) => [l.name, l.quantity, l.status])).toEqual([
      [product.name, 2, "available"],
      ["Gone Resin", 1, "deleted"],
    ]);
  });

  it("changes nothing for a missing guest cart or another account's cart", async () => {
    const db = database.db;
    const userId = await createUser("alone@example.com");
    const otherId = await createUser("other@example.com");
    const product = await createProduct(db);
    const otherCart = await getOrCreateCart(db, { userId: otherId });
    await addToCart(db, otherCart, product.id, 4);

    const userCart = await mergeGuestCartIntoUserCart(db, null, userId);
    await mergeGuestCartIntoUserCart(db, crypto.randomUUID(), userId);
    await mergeGuestCartIntoUserCart(db, "not-a-uuid", userId);
    await mergeGuestCartIntoUserCart(db, otherCart, userId);
    expect((await priceCart(db, userCart)).lines).toEqual([]);
    expect((await priceCart(db, otherCart)).quantity).toBe(4);
    // Merging the user's own cart into itself is a no-op too.
    expect(await mergeGuestCartIntoUserCart(db, userCart, userId)).toBe(userCart);
  });
});
