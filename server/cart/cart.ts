import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../core/catalog/cart-input.ts";
import { isSoldOut, shortageMessage } from "../../core/catalog/stock.ts";
import { type CartLineStatus, type PricedCart, priceCartLines } from "../../core/pricing/cart-pricing.ts";
import type { ProductStatus } from "../catalog/status.ts";
import { defaultVariantId, findLiveVariant } from "../catalog/variants.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { cartLines, carts, products, productVariants } from "../db/schema/index.ts";
import { InvalidInputError } from "../errors.ts";
import { freeUnits } from "../stock/availability.ts";

export type CartErrorCode =
  | "invalid_quantity"
  | "product_not_found"
  | "sold_out"
  | "unavailable"
  | "line_not_found"
  | "quantity_limit"
  | "only_left"
  | "account_needed";

const messages: Record<CartErrorCode, string> = {
  invalid_quantity: `Please enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  product_not_found: "This product is no longer available.",
  sold_out: "This product is sold out.",
  unavailable: "This item is no longer available; you can only lower its quantity or remove it.",
  line_not_found: "This item is no longer in your cart.",
  quantity_limit: `You can have at most ${MAX_LINE_QUANTITY} of an item in your cart.`,
  only_left: "Only a few are left.",
  account_needed: "Subscriptions need an account: sign in or create one to subscribe.",
};

/** A refused cart change; `message` is ready to show to the shopper. Nothing was changed. */
export class CartError extends InvalidInputError {
  constructor(
    readonly code: CartErrorCode,
    message?: string,
  ) {
    super({ title: "Your cart was not updated", description: message ?? messages[code] });
  }
}

/**
 * Stock caps the cart (issue 31): a tracked variant's line may not ask more than is free (stock
 * less open holds), so "Only 3 left" is said when adding or raising, not first at Pay. Pay's
 * reservation stays the guard against two carts racing for the last units.
 */
async function refuseOverStock(
  db: Db,
  variant: { id: string; stockQuantity: number | null },
  name: string,
  wanted: number,
) {
  const free = (await freeUnits(db, [variant])).get(variant.id);
  if (free !== undefined && wanted > free) throw new CartError("only_left", shortageMessage(name, free));
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

/** What to add: a product and, when the shopper chose one, its variant (else its first variant). */
export type CartItemChoice = { productId: string; variantId?: string | undefined };

/**
 * Adds `quantity` of one variant of a product. The line is identified by the variant: an
 * existing line gains the quantity (never beyond the maximum), otherwise a line is added.
 */
export async function addToCart(db: Db, cartId: string, item: CartItemChoice | string, quantity: number) {
  assertQuantity(quantity);
  const choice = typeof item === "string" ? { productId: item } : item;
  const variantId = choice.variantId ?? (await defaultVariantId(db, choice.productId));
  const found = variantId ? await findLiveVariant(db, variantId) : null;
  if (!found || found.product.id !== choice.productId) throw new CartError("product_not_found");
  const { product, variant } = found;
  if (isSoldOut(variant)) throw new CartError("sold_out");
  const [current] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variant.id)));
  await refuseOverStock(db, variant, product.name, (current?.quantity ?? 0) + quantity);

  const [line] = await db
    .insert(cartLines)
    .values({
      cartId,
      productId: product.id,
      variantId: variant.id,
      productName: product.name,
      weight: variant.title,
      quantity,
    })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, productName: product.name },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
    })
    .returning({ id: cartLines.id, quantity: cartLines.quantity });
  if (!line) throw new CartError("quantity_limit");
  await touch(db, cartId);
  return line;
}

/** Sets a line's quantity. Raising it needs the variant to be still on sale; lowering never does. */
export async function setQuantity(db: Db, cartId: string, lineId: string, quantity: number) {
  assertQuantity(quantity);
  const [line] = isUuid(lineId)
    ? await db
        .select({
          quantity: cartLines.quantity,
          name: cartLines.productName,
          variant: productVariants,
          productStatus: products.status,
        })
        .from(cartLines)
        .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
        .leftJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
    : [];
  if (!line) throw new CartError("line_not_found");
  if (quantity > line.quantity && lineStatus(line.variant, line.productStatus) !== "available") {
    throw new CartError("unavailable");
  }
  // Lowering is always allowed, even while still over the stock (it gets the line closer).
  if (quantity > line.quantity && line.variant) await refuseOverStock(db, line.variant, line.name, quantity);
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

/** Empties the cart at fulfilment; its coupon was used, so it goes too. */
export async function clearCart(db: Db, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await db.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

type VariantRow = typeof productVariants.$inferSelect;

/**
 * A deleted or archived variant, or a product taken off the storefront (draft, archived), cannot
 * be bought any more; a sold-out one not for now.
 */
function lineStatus(variant: VariantRow | null, productStatus: ProductStatus | null): CartLineStatus {
  if (!variant || variant.archivedAt || productStatus !== "active") return "deleted";
  return isSoldOut(variant) ? "sold_out" : "available";
}

/**
 * The cart priced from the current catalog: today's price, name, title and image of each
 * variant; lines of sold-out, archived or deleted variants are flagged and count for nothing.
 */
export async function priceCart(db: Db, cartId: string | null): Promise<PricedCart> {
  if (!cartId) return priceCartLines([]);
  const rows = await db
    .select({ line: cartLines, product: products, variant: productVariants })
    .from(cartLines)
    .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  const free = await freeUnits(
    db,
    rows.map(({ variant }) => variant),
  );
  return priceCartLines(
    rows.map(({ line, product, variant }) => {
      const status = lineStatus(variant, product?.status ?? null);
      const live = status !== "deleted" && product && variant;
      return {
        lineId: line.id,
        productId: product?.id ?? null,
        variantId: variant?.id ?? null,
        sku: variant?.sku ?? null,
        slug: live ? product.slug : null,
        name: product?.name ?? line.productName,
        weight: variant?.title ?? line.weight,
        quantity: line.quantity,
        unitPriceCents: live ? variant.priceCents : null,
        imageUrl: live ? (variant.imageUrl ?? product.imageUrl ?? product.imageUrls[0] ?? null) : null,
        status,
        quantityTiers: live ? product.quantityTiers : [],
        available: variant ? (free.get(variant.id) ?? null) : null,
      };
    }),
  );
}

/** Keeps updated_at meaningful, so abandoned guest carts can be cleaned up by age. */
async function touch(db: Db, cartId: string) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
