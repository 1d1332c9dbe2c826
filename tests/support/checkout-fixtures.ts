/** What checkout, stock and renewal tests share: a buyer as providers report one, a mailer that records, a cart. */
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import type { Db } from "../../server/db/client.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import type { Buyer } from "../../server/payments/provider.ts";
import { createProduct } from "../factories/index.ts";

/** A buyer as a payment provider reports them, for fulfilOrder in tests. */
export const testBuyer: Buyer = {
  name: "Ada Buyer",
  email: "ada@example.com",
  phone: "555-0100",
  address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
};

/** A mailer that keeps what it is asked to send (`sent`), with the shop's address when links need one. */
export function recordingMailer(publicUrl?: string) {
  const sent: MailMessage[] = [];
  const send = async (message: MailMessage) => {
    sent.push(message);
    return "id";
  };
  return { sent, send, ...(publicUrl && { publicUrl }) };
}

/** A cart with `quantity` of a $59.99 product (a guest's, or the user's). */
export async function cartWith(db: Db, quantity = 1, userId?: string) {
  const product = await createProduct(db, { priceCents: 5999 });
  const cartId = await getOrCreateCart(db, userId ? { userId } : { guestCartId: null });
  await addToCart(db, cartId, product.id, quantity);
  return cartId;
}
