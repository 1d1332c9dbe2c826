import { eq, inArray, or } from "drizzle-orm";
import { cartLines, cartReminders, carts } from "../../db/schema/index.ts";
import { sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * The cart (with the checkout address it holds) and the abandoned-cart reminders sent about it:
 * the account's cart, the guest carts their orders came from or that hold their email, and every
 * reminder to their email.
 */
export const cartsPart: PrivacyPart = {
  name: "cart",
  exportFor: async (db, { userId }) => {
    if (!userId) return null;
    const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
    if (!cart) return null;
    const lines = await db
      .select({ productName: cartLines.productName, weight: cartLines.weight, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cart.id));
    return { checkoutAddress: cart.checkoutAddress, lines, updatedAt: cart.updatedAt };
  },
  eraseFor: async (tx, { userId, cartIds, email }) => {
    await tx.delete(cartReminders).where(sameEmail(cartReminders.email, email));
    await tx.delete(carts).where(
      or(
        userId ? eq(carts.userId, userId) : undefined,
        inArray(carts.id, cartIds),
        // A guest's cart that got as far as the address step with this email (decision 044).
        sameEmail(carts.checkoutEmail, email),
      ),
    );
  },
};
