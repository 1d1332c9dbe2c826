import { eq } from "drizzle-orm";
import type { PostalAddress } from "../../core/address.ts";
import type { Db } from "../db/client.ts";
import type { ShippingAddress } from "../db/schema/index.ts";
import { carts } from "../db/schema/index.ts";

/**
 * The checkout's first step keeps the validated address on the cart (server-side, so the price
 * shown on step 2 and the amount charged are computed for the same address; decision 035).
 */
export async function saveCheckoutAddress(db: Db, cartId: string, address: PostalAddress | null) {
  await db.update(carts).set({ checkoutAddress: address }).where(eq(carts.id, cartId));
}

export async function checkoutAddressOf(db: Db, cartId: string | null): Promise<PostalAddress | null> {
  if (!cartId) return null;
  const [cart] = await db.select({ address: carts.checkoutAddress }).from(carts).where(eq(carts.id, cartId));
  return cart?.address ?? null;
}

/** The order's columns for an address: the recipient's name and phone, and where it goes. */
export function orderAddressColumns(address: PostalAddress) {
  const { name, phone, ...where } = address;
  const shippingAddress: ShippingAddress = {
    line1: where.line1,
    ...(where.line2 ? { line2: where.line2 } : {}),
    city: where.city,
    state: where.state,
    postalCode: where.postalCode,
    country: where.country,
  };
  return { name, phone, shippingAddress };
}
