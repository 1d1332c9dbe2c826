import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "../../server/db/schema/index.ts";
import { createProduct } from "../factories/index.ts";
import { checkoutPost, postCheckoutAddress } from "./shopper.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Holding the last units of a variant with payments never finished (issue 29 part 2): one
 * address pressing Pay again and again, or from several carts, cannot keep the stock from other
 * shoppers; the owner sees what is held as "N in other shoppers' carts".
 */
const admin = { email: "hoard-owner@example.com", password: "hoard-owner-password-1" };
const products = { lastThree: "", lastTwo: "" };

// Behind a proxy, so each shopper's "client address" is the X-Forwarded-For hop the proxy appends.
const target = setupTarget({
  env: { TRUST_PROXY: "true", ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    for (const [key, name, stock] of [
      ["lastThree", "Hoarded Resin", 3],
      ["lastTwo", "Scarce Drops", 2],
    ] as const) {
      const product = await createProduct(db, { name });
      products[key] = product.id;
      await db
        .update(productVariants)
        .set({ stockQuantity: stock })
        .where(eq(productVariants.productId, product.id));
    }
  },
});

/** A guest of its own cart holding `quantity` units of the product, at the payment step. */
async function shopper(productId: string, quantity: number): Promise<Visitor> {
  const visitor = target.visitor();
  const added = await visitor.postForm("/cart", { intent: "add", productId, quantity: String(quantity) });
  expect(added.ok, `add to cart: ${added.status}`).toBe(true);
  await postCheckoutAddress(visitor);
  return visitor;
}

async function pressPay(visitor: Visitor, ip: string) {
  const response = await checkoutPost(visitor, "pay", {}, { "X-Forwarded-For": ip });
  const location = response.headers.get("location");
  return {
    outcome: location ? "open" : response.status,
    text: location ? "" : await response.text(),
    location,
  };
}

/** The stock screen's words for `n` held units (React escapes the apostrophe). */
const held = (n: number) => new RegExp(`>${n} in other shoppers(&#x27;|')\\s*carts<`);

async function stockScreen(productId: string) {
  const owner = await target.signedIn(admin);
  return (await owner.get(`/admin/products/${productId}/stock`)).text();
}

describe("stock hoarding", () => {
  it("six presses of Pay from one address for the last 3 units leave them buyable by another shopper", async () => {
    const hoarder = await shopper(products.lastThree, 3);
    const presses = [];
    for (let press = 0; press < 6; press++) presses.push(await pressPay(hoarder, "198.51.100.60"));
    expect(presses.map((p) => p.outcome)).toEqual(["open", "open", "open", 429, 429, 429]);
    expect(presses[3]!.text).toContain("held the last units of Hoarded Resin");
    expect(presses[3]!.text).toContain("too often today");

    // The refused press ended the hoarder's last payment, so the stock is free at once.
    const buyer = await shopper(products.lastThree, 3);
    const bought = await pressPay(buyer, "198.51.100.61");
    expect(bought.outcome, bought.text.slice(0, 300)).toBe("open");
    expect(await stockScreen(products.lastThree)).toMatch(held(3));
    const list = await (await (await target.signedIn(admin)).get("/admin/products")).text();
    expect(list).toMatch(/>3 in stock · 3 in other shoppers(&#x27;|')\s*carts</);
  });

  it("one address cannot hold the last units from two carts at once; another address still can", async () => {
    const first = await pressPay(await shopper(products.lastTwo, 1), "198.51.100.70");
    expect(first.outcome).toBe("open");
    const second = await pressPay(await shopper(products.lastTwo, 1), "198.51.100.70");
    expect(second.outcome).toBe(429);
    expect(second.text).toContain("already holds the last units of Scarce Drops");
    const other = await pressPay(await shopper(products.lastTwo, 1), "198.51.100.71");
    expect(other.outcome).toBe("open");
    expect(await stockScreen(products.lastTwo)).toMatch(held(2));
  });
});
