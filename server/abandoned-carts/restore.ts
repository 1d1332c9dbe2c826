import { eq, inArray, sql } from "drizzle-orm";
import { type CartOwner, getOrCreateCart } from "../cart/cart.ts";
import type { Db } from "../db/client.ts";
import { cartLines, cartReminders, carts, productVariants } from "../db/schema/index.ts";
import { verifyLinkToken } from "../marketing/links.ts";

/**
 * Puts the lines a reminder email showed into the visitor's own cart (never the reminded cart
 * itself: the link may be opened anywhere). A line already there keeps the larger quantity, so
 * opening the link twice changes nothing. Variants deleted since are left out; the cart page
 * flags anything no longer for sale. Returns false for a forged, expired or unknown token.
 */
export async function restoreFromReminder(db: Db, secret: string, token: string, owner: CartOwner) {
  const reminderId = verifyLinkToken(secret, "cart-restore", token);
  if (!reminderId) return { restored: false as const };
  const [reminder] = await db
    .select({ lines: cartReminders.lines })
    .from(cartReminders)
    .where(eq(cartReminders.id, reminderId));
  if (!reminder) return { restored: false as const };
  const cartId = await getOrCreateCart(db, owner);
  const variantIds = reminder.lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const live = variantIds.length
    ? await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  const liveIds = new Set(live.map((v) => v.id));
  const rows = reminder.lines
    .filter((line) => line.variantId && liveIds.has(line.variantId))
    .map((line) => ({ ...line, cartId }));
  if (rows.length > 0) {
    await db
      .insert(cartLines)
      .values(rows)
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: sql`greatest(${cartLines.quantity}, excluded.quantity)` },
      });
    await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  }
  return { restored: true as const, cartId };
}
