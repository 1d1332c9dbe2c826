import { eq } from "drizzle-orm";
import type { PostalAddress } from "../../core/orders/address.ts";
import type { Db } from "../db/client.ts";
import type { ShippingAddress } from "../db/schema/index.ts";
import { carts } from "../db/schema/index.ts";

/** What the checkout's first step keeps on the cart: the address and a guest's optional email. */
export type CheckoutDetails = { address: PostalAddress | null; guestEmail: string | null };

/**
 * The checkout's first step keeps the validated address on the cart (server-side, so the price
 * shown on step 2 and the amount charged are computed for the same address; decision 035), with a
 * guest's email when they gave one (decision 044; null for an account's cart).
 */
export async function saveCheckoutDetails(
  db: Db,
  cartId: string,
  details: CheckoutDetails & { clientIp?: string | null },
) {
  await db
    .update(carts)
    .set({
      checkoutAddress: details.address,
      checkoutEmail: details.guestEmail,
      // Who typed the email: reminders to typed addresses are capped per client (decision 051).
      checkoutClientIp: details.guestEmail ? (details.clientIp ?? null) : null,
    })
    .where(eq(carts.id, cartId));
}

export async function checkoutDetailsOf(db: Db, cartId: string | null): Promise<CheckoutDetails> {
  if (!cartId) return { address: null, guestEmail: null };
  const [cart] = await db
    .select({ address: carts.checkoutAddress, guestEmail: carts.checkoutEmail })
    .from(carts)
    .where(eq(carts.id, cartId));
  return { address: cart?.address ?? null, guestEmail: cart?.guestEmail ?? null };
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
