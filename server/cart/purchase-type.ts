import { eq } from "drizzle-orm";
import type { PurchaseType } from "../../core/pricing/checkout-pricing.ts";
import type { Db } from "../db/client.ts";
import { carts } from "../db/schema/index.ts";
import { CartError } from "./cart.ts";

/**
 * The cart's purchase choice (issue 31): chosen on the product page or in the cart, and where
 * checkout starts. A subscription renews from a saved account, so a guest's cart stays one-time.
 */
export async function setPurchaseType(db: Db, cartId: string, type: PurchaseType, signedIn: boolean) {
  if (type === "subscription" && !signedIn) throw new CartError("account_needed");
  await db.update(carts).set({ purchaseType: type, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** The choice kept with the cart; one-time without a cart, and always for a guest. */
export async function purchaseTypeOf(
  db: Db,
  cartId: string | null,
  signedIn: boolean,
): Promise<PurchaseType> {
  if (!cartId || !signedIn) return "one_time";
  const [row] = await db.select({ type: carts.purchaseType }).from(carts).where(eq(carts.id, cartId));
  return row?.type ?? "one_time";
}
