import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { cartLines } from "../../server/db/schema/index.ts";
import { createCoupon, createProduct, createUser } from "../factories/index.ts";
import { postCheckoutAddress } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Prices, totals, discounts and quantities posted by hand: the cart and checkout take only a
 * product id, a whole quantity 1..99 and a coupon code from the browser; everything else is
 * priced on the server. The total is read back from the payment page (the built-in sandbox).
 */
const buyer = { email: "tamper@example.com", password: "tamper-password-123" };
const ids = { product: "", line: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const user = await createUser(db, buyer);
    // The buyer's cart: 2 × $25.00 = $50.00.
    ids.product = (await createProduct(db, { name: "Tamper Resin", priceCents: 2500 })).id;
    const cartId = await getOrCreateCart(db, { userId: user.id });
    await addToCart(db, cartId, ids.product, 2);
    const [line] = await db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.cartId, cartId));
    ids.line = line!.id;
    await createCoupon(db, { code: "TEN", discountType: "percentage", discountValueHundredths: 1000 });
  },
});

/** Fields a tamperer adds to every post, hoping one of them is trusted. */
const forgedMoney = {
  price: "0.01",
  priceCents: "1",
  unitPriceCents: "1",
  subtotalCents: "1",
  totalCents: "1",
  total: "0.01",
  amount: "1",
  discountCents: "4999",
  couponDiscountCents: "4999",
  discountValueHundredths: "10000",
  discountBasisPoints: "10000",
  discountType: "fixed",
};

const badQuantities = ["-1", "0", "1.5", "100", "1000", "1e1", "0x10", "99999999999999999999", "", "NaN"];

/** Posts the pay button and reads the amount due on the payment page it redirects to. */
async function amountDue(visitor: Visitor, fields: Record<string, string>): Promise<string> {
  await postCheckoutAddress(visitor);
  const response = await visitor.postForm("/checkout", { intent: "pay", paymentMethod: "card", ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const payPage = await (await visitor.get(response.headers.get("location")!)).text();
  return payPage.match(/Pay (\$[\d,.]+)/)?.[1] ?? "(no amount)";
}

describe("price and quantity tampering", () => {
  it("refuses negative, zero, fractional, huge and non-numeric quantities on add and update", async () => {
    const visitor = await target.signedIn(buyer);
    for (const quantity of badQuantities) {
      const posts: Record<string, string>[] = [
        { intent: "add", productId: ids.product, quantity },
        { intent: "update", lineId: ids.line, quantity },
      ];
      for (const fields of posts) {
        const response = await visitor.postForm("/cart", fields);
        expect(response.status, `${fields.intent} ${JSON.stringify(quantity)}`).toBe(400);
        expect(await response.text()).toContain("Please enter a whole number from 1 to 99.");
      }
    }
    // Within range per post, but beyond 99 in total: refused too.
    const over = await visitor.postForm("/cart", { intent: "add", productId: ids.product, quantity: "98" });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("You can have at most 99 of an item in your cart.");
    expect(await (await visitor.get("/cart")).text()).toContain("$50.00");
  });

  it("ignores prices, totals and discount fields posted with the cart and the checkout", async () => {
    const visitor = await target.signedIn(buyer);
    const added = await visitor.postForm("/cart", {
      intent: "add",
      productId: ids.product,
      quantity: "1",
      ...forgedMoney,
    });
    expect(added.status).toBe(200);
    // 3 × $25.00, whatever the posts said.
    expect(await amountDue(visitor, forgedMoney)).toBe("$75.00");
  });

  it("prices a coupon from its stored terms, and refuses a code that does not exist", async () => {
    const visitor = await target.signedIn(buyer);
    // The 3 items of the test above, 10% off.
    expect(await amountDue(visitor, { ...forgedMoney, appliedCoupon: "TEN" })).toBe("$67.50");
    const unknown = await visitor.postForm("/checkout", { intent: "pay", appliedCoupon: "FREE100" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("location")).toBeNull();
  });
});
