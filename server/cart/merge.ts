import { and, eq, isNull, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../core/catalog/cart-input.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { cartLines, carts, productVariants } from "../db/schema/index.ts";
import { freeUnits } from "../stock/availability.ts";
import { getOrCreateCart } from "./cart.ts";

/**
 * At sign-in: moves a guest cart's lines into the account's cart and deletes the guest cart.
 * Lines of the same variant are added together (capped at the maximum and, for a tracked
 * variant, at the units free to buy, as adding to the cart is), others keep their place in
 * the order; a missing guest cart, or one that already belongs to an account, changes
 * nothing. Returns the user's cart id.
 */
export async function mergeGuestCartIntoUserCart(
  db: Db,
  guestCartId: string | null,
  userId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const userCartId = await getOrCreateCart(tx, { userId });
    if (!isUuid(guestCartId) || guestCartId === userCartId) return userCartId;
    const [guest] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, guestCartId), isNull(carts.userId)))
      .for("update");
    if (!guest) return userCartId;

    const before = await lineQuantities(tx, userCartId);
    await tx.execute(sql`
      insert into ${cartLines} (cart_id, product_id, variant_id, product_name, weight, quantity, created_at)
      select ${userCartId}, product_id, variant_id, product_name, weight, quantity, created_at
      from ${cartLines} where cart_id = ${guest.id}
      on conflict (cart_id, variant_id) do update
        set quantity = least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`);
    await capAtFreeStock(tx, userCartId, before);
    await tx.delete(carts).where(eq(carts.id, guest.id));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, userCartId));
    return userCartId;
  });
}

async function lineQuantities(db: Db, cartId: string) {
  const rows = await db
    .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return new Map(rows.map((row) => [row.variantId, row.quantity]));
}

/**
 * A merged line of a tracked variant may not ask more than is free, like a raise in the cart
 * (server/cart/cart.ts). What the account's line held before stays (the cart never lowers a
 * line by itself), and a line keeps at least one unit, so a sold-out one is still shown and flagged.
 */
async function capAtFreeStock(db: Db, cartId: string, before: Map<string | null, number>) {
  const merged = await db
    .select({
      lineId: cartLines.id,
      quantity: cartLines.quantity,
      variant: { id: productVariants.id, stockQuantity: productVariants.stockQuantity },
    })
    .from(cartLines)
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .where(eq(cartLines.cartId, cartId));
  const free = await freeUnits(
    db,
    merged.map((line) => line.variant),
  );
  for (const line of merged) {
    const available = free.get(line.variant.id);
    if (available === undefined || line.quantity <= available) continue;
    const capped = Math.max(available, before.get(line.variant.id) ?? 0, 1);
    if (capped < line.quantity)
      await db.update(cartLines).set({ quantity: capped }).where(eq(cartLines.id, line.lineId));
  }
}
