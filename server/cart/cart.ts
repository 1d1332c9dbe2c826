import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../core/cart-input.ts";
import { type CartLineStatus, type PricedCart, priceCartLines } from "../../core/cart-pricing.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { cartLines, carts, products } from "../db/schema/index.ts";

export type CartErrorCode =
  | "invalid_quantity"
  | "product_not_found"
  | "sold_out"
  | "unavailable"
  | "line_not_found"
  | "quantity_limit";

const messages: Record<CartErrorCode, string> = {
  invalid_quantity: `Please enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  product_not_found: "This product is no longer available.",
  sold_out: "This product is sold out.",
  unavailable: "This item is no longer available; you can only lower its quantity or remove it.",
  line_not_found: "This item is no longer in your cart.",
  quantity_limit: `You can have at most ${MAX_LINE_QUANTITY} of an item in your cart.`,
};

/** A refused cart change; `message` is ready to show to the shopper. Nothing was changed. */
export class CartError extends Error {
  constructor(readonly code: CartErrorCode) {
    super(messages[code]);
    this.name = "CartError";
  }
}

/** Whose cart: a signed-in user's, or a guest browser's (cart id from its cookie, if any). */
export type CartOwner = { userId: string } | { guestCartId: string | null };

/**
 * The owner's existing cart id, or null. A guest cookie only ever opens a guest cart: a cart
 * that belongs to an account is never reachable through a cart id.
 */
export async function findCart(db: Db, owner: CartOwner): Promise<string | null> {
  if ("userId" in owner) {
    const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, owner.userId));
    return row?.id ?? null;
  }
  if (!isUuid(owner.guestCartId)) return null;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, owner.guestCartId), isNull(carts.userId)));
  return row?.id ?? null;
}

/** The owner's cart id, creating the cart when there is none yet. */
export async function getOrCreateCart(db: Db, owner: CartOwner): Promise<string> {
  const existing = await findCart(db, owner);
  if (existing) return existing;
  if ("userId" in owner) {
    // Two first requests of one user may race: the unique user_id keeps it to one cart.
    await db.insert(carts).values({ userId: owner.userId }).onConflictDoNothing({ target: carts.userId });
    return (await findCart(db, owner))!;
  }
  const [row] = await db.insert(carts).values({}).returning({ id: carts.id });
  return row!.id;
}

function assertQuantity(quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new CartError("invalid_quantity");
  }
}

/**
 * Adds `quantity` of a product. The line is identified by product id + the product's weight:
 * an existing line gains the quantity (never beyond the maximum), otherwise a line is added.
 */
export async function addToCart(db: Db, cartId: string, productId: string, quantity: number) {
  assertQuantity(quantity);
  const [product] = isUuid(productId)
    ? await db.select().from(products).where(eq(products.id, productId))
    : [];
  if (!product) throw new CartError("product_not_found");
  if (product.soldOut) throw new CartError("sold_out");

  const [line] = await db
    .insert(cartLines)
    .values({ cartId, productId, productName: product.name, weight: product.weightType, quantity })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId, cartLines.weight],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, productName: product.name },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
    })
    .returning({ id: cartLines.id, quantity: cartLines.quantity });
  if (!line) throw new CartError("quantity_limit");
  await touch(db, cartId);
  return line;
}

/** Sets a line's quantity. Raising it needs the product to be still on sale; lowering never does. */
export async function setQuantity(db: Db, cartId: string, lineId: string, quantity: number) {
  assertQuantity(quantity);
  const [line] = isUuid(lineId)
    ? await db
        .select({ quantity: cartLines.quantity, productId: products.id, soldOut: products.soldOut })
        .from(cartLines)
        .leftJoin(products, eq(products.id, cartLines.productId))
        .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    : [];
  if (!line) throw new CartError("line_not_found");
  if (quantity > line.quantity && (line.productId === null || line.soldOut)) {
    throw new CartError("unavailable");
  }
  await db
    .update(cartLines)
    .set({ quantity })
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
  await touch(db, cartId);
}

export async function removeLine(db: Db, cartId: string, lineId: string) {
  if (!isUuid(lineId)) throw new CartError("line_not_found");
  const removed = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    .returning({ id: cartLines.id });
  if (removed.length === 0) throw new CartError("line_not_found");
  await touch(db, cartId);
}

export async function clearCart(db: Db, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await touch(db, cartId);
}

/**
 * The cart priced from the current catalog: today's price, name and image of each product;
 * lines of sold-out or deleted products are flagged and count for nothing.
 */
export async function priceCart(db: Db, cartId: string | null): Promise<PricedCart> {
  if (!cartId) return priceCartLines([]);
  const rows = await db
    .select({ line: cartLines, product: products })
    .from(cartLines)
    .leftJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return priceCartLines(
    rows.map(({ line, product }) => {
      const status: CartLineStatus = !product ? "deleted" : product.soldOut ? "sold_out" : "available";
      return {
        lineId: line.id,
        productId: product?.id ?? null,
        slug: product?.slug ?? null,
        name: product?.name ?? line.productName,
        weight: line.weight,
        quantity: line.quantity,
        unitPriceCents: product?.priceCents ?? null,
        imageUrl: product ? (product.imageUrl ?? product.imageUrls[0] ?? null) : null,
        status,
      };
    }),
  );
}

/** Keeps updated_at meaningful, so abandoned guest carts can be cleaned up by age. */
async function touch(db: Db, cartId: string) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
