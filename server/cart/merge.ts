import { and, eq, isNull, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../core/cart-input.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { cartLines, carts } from "../db/schema/index.ts";
import { getOrCreateCart } from "./cart.ts";

/**
 * At sign-in: moves a guest cart's lines into the account's cart and deletes the guest cart.
 * Lines of the same variant are added together (capped at the maximum), others keep
 * their place in the order; a missing
 * guest cart, or one that already belongs to an account, changes nothing. Returns the user's cart id.
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

    await tx.execute(sql`
      insert into ${cartLines} (cart_id, product_id, variant_id, product_name, weight, quantity, created_at)
      select ${userCartId}, product_id, variant_id, product_name, weight, quantity, created_at
      from ${cartLines} where cart_id = ${guest.id}
      on conflict (cart_id, variant_id) do update
        set quantity = least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})`);
    await tx.delete(carts).where(eq(carts.id, guest.id));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, userCartId));
    return userCartId;
  });
}
