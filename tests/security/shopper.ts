/** A shopper's steps over plain HTTP (form posts as a browser without JavaScript sends them). */
import type { Visitor } from "./support.ts";

/** The id of the first product the shop lists (from its add-to-cart form). */
export async function firstProductId(visitor: Visitor): Promise<string> {
  const html = await (await visitor.get("/products")).text();
  const id = /name="productId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!id) throw new Error("no product on /products");
  return id;
}

/**
 * Puts one of the product in the visitor's cart (a guest gets the cart cookie) and gives the
 * checkout its address, so the pay button can be pressed next.
 */
export async function fillCart(visitor: Visitor, productId: string) {
  const response = await visitor.postForm("/cart", { intent: "add", productId, quantity: "1" });
  if (!response.ok) throw new Error(`add to cart failed: ${response.status}`);
  await postCheckoutAddress(visitor);
}

/** A press of one of the checkout's buttons. */
export function checkoutPost(
  visitor: Visitor,
  intent: "apply-coupon" | "pay",
  fields: { couponCode?: string; appliedCoupon?: string; paymentMethod?: "card" | "paypal" } = {},
  headers: Record<string, string> = {},
) {
  return visitor.postForm(
    "/checkout",
    { intent, purchaseType: "one_time", paymentMethod: "card", ...fields },
    { headers },
  );
}

/** A US address in a state without sales tax, as the checkout's first step takes it. */
export const shopperAddress = {
  name: "Pat Shopper",
  phone: "+1 503 555 0199",
  line1: "1 Main St",
  line2: "",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

/** The checkout's first step: where the order goes (kept on the cart for the pay button). */
export async function postCheckoutAddress(
  visitor: Visitor,
  address: Record<string, string> = shopperAddress,
  headers: Record<string, string> = {},
) {
  const response = await visitor.postForm("/checkout", { intent: "save-address", ...address }, { headers });
  if (response.status !== 302) throw new Error(`address step failed: ${response.status}`);
}
