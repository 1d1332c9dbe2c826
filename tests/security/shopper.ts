/** A shopper's steps over plain HTTP (form posts as a browser without JavaScript sends them). */
import type { Visitor } from "./support.ts";

/** The id of the first product the shop lists (from its add-to-cart form). */
export async function firstProductId(visitor: Visitor): Promise<string> {
  const html = await (await visitor.get("/products")).text();
  const id = /name="productId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!id) throw new Error("no product on /products");
  return id;
}

/** Puts one of the product in the visitor's cart (a guest gets the cart cookie). */
export async function fillCart(visitor: Visitor, productId: string) {
  const response = await visitor.postForm("/cart", { intent: "add", productId, quantity: "1" });
  if (!response.ok) throw new Error(`add to cart failed: ${response.status}`);
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
