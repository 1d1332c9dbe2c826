import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { startCheckout } from "../../server/checkout/checkout.ts";
import { cartLines, orderItems } from "../../server/db/schema/index.ts";
import { sandboxProvider } from "../../server/payments/sandbox.ts";
import { createOrder, createProduct, createSubscription, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Insecure direct object references: a signed-in customer (Blake) who knows the ids of another
 * customer's (Avery's) order, subscription and cart line can neither see nor change them.
 */
const avery = { email: "avery.idor@example.com", password: "avery-password-123" };
const blake = { email: "blake.idor@example.com", password: "blake-password-123" };
const averysItem = "Avery Private Resin 250g";
const ids = { order: "", subscription: "", line: "", blakesProduct: "", openOrder: "", payPage: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const a = await createUser(db, { ...avery, name: "Avery Owner" });
    await createUser(db, { ...blake, name: "Blake Intruder" });
    const order = await createOrder(db, { userId: a.id, paymentStatus: "paid", name: "Avery Owner" });
    ids.order = order.id;
    await db.insert(orderItems).values({
      orderId: order.id,
      name: averysItem,
      unitPriceCents: 5999,
      quantity: 1,
      lineTotalCents: 5999,
    });
    ids.subscription = (await createSubscription(db, { userId: a.id })).id;
    // Avery's cart: 3 × $12.34 = $37.02.
    const resin = await createProduct(db, { name: "Cart Resin", priceCents: 1234 });
    const cartId = await getOrCreateCart(db, { userId: a.id });
    await addToCart(db, cartId, resin.id, 3);
    const [line] = await db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.cartId, cartId));
    ids.line = line!.id;
    // Avery is on the payment page for that cart.
    const opened = await startCheckout(db, sandboxProvider, {
      cartId,
      userId: a.id,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
    });
    if (!opened.ok) throw new Error(`checkout not opened: ${opened.reason}`);
    ids.openOrder = opened.orderId;
    ids.payPage = new URL(opened.url, "http://shop.test").pathname;
    ids.blakesProduct = (await createProduct(db, { name: "Blake's Drops", priceCents: 999 })).id;
  },
});

describe("other customers' orders, subscriptions and cart lines", () => {
  it("lists only the customer's own orders, as a page and as data", async () => {
    const intruder = await target.signedIn(blake);
    for (const url of ["/orders", "/orders.data"]) {
      const body = await (await intruder.get(url)).text();
      expect(body, url).not.toContain(averysItem);
      expect(body, url).not.toContain(ids.order);
    }
    const owner = await target.signedIn(avery);
    expect(await (await owner.get("/orders")).text()).toContain(averysItem);
  });

  it("does not open another customer's order page, and answers it like an unknown order", async () => {
    const intruder = await target.signedIn(blake);
    for (const url of [`/orders/${ids.order}`, `/orders/${ids.order}.data`]) {
      const response = await intruder.get(url);
      expect(response.status, url).toBe(404);
      const body = await response.text();
      expect(body, url).not.toContain(averysItem);
      expect(body, url).not.toContain("Avery Owner");
    }
    const unknown = await intruder.get(`/orders/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect((await intruder.get("/orders/%00")).status).toBe(404);
    // Avery's unpaid (open) order has no page either, not even for Avery.
    const owner = await target.signedIn(avery);
    expect((await owner.get(`/orders/${ids.openOrder}`)).status).toBe(404);
    expect(await (await owner.get(`/orders/${ids.order}`)).text()).toContain(averysItem);
  });

  it("refuses to cancel another customer's subscription and leaves it renewing", async () => {
    const intruder = await target.signedIn(blake);
    const page = await intruder.get("/account/subscriptions");
    expect(await page.text()).not.toContain(ids.subscription);
    const response = await intruder.postForm("/account/subscriptions", {
      intent: "cancel",
      subscriptionId: ids.subscription,
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We could not find that subscription. Nothing was changed.");

    const owner = await target.signedIn(avery);
    const mine = await (await owner.get("/account/subscriptions")).text();
    expect(mine).toContain("Renews on");
    expect(mine).not.toContain("Cancels on");
  });

  it("refuses to change or remove a line of another customer's cart", async () => {
    const intruder = await target.signedIn(blake);
    // Blake has a cart of his own, so the line id is looked up in a real cart, not an absent one.
    const added = await intruder.postForm("/cart", {
      intent: "add",
      productId: ids.blakesProduct,
      quantity: "1",
    });
    expect(added.status).toBe(200);
    const posts: Record<string, string>[] = [
      { intent: "update", lineId: ids.line, quantity: "1" },
      { intent: "remove", lineId: ids.line },
    ];
    for (const fields of posts) {
      const response = await intruder.postForm("/cart", fields);
      expect(response.status, fields.intent).toBe(400);
      expect(await response.text()).toContain("This item is no longer in your cart.");
    }
    const owner = await target.signedIn(avery);
    const cart = await (await owner.get("/cart")).text();
    expect(cart).toContain("Cart Resin");
    expect(cart).toContain("$37.02");
  });

  it("does not give up another customer's open payment through the provider's cancel link", async () => {
    const intruder = await target.signedIn(blake);
    const response = await intruder.get(`/checkout?cancelled=${ids.openOrder}`);
    expect(response.status).toBe(302);
    const payPage = await (await target.visitor().get(ids.payPage)).text();
    expect(payPage).toContain("Pay $37.02");
    expect(payPage).not.toContain("This payment session has expired or was cancelled.");

    // The same link from Avery herself does end it (so the refusal above is about whose it is).
    await (await target.signedIn(avery)).get(`/checkout?cancelled=${ids.openOrder}`);
    const after = await (await target.visitor().get(ids.payPage)).text();
    expect(after).toContain("This payment session has expired or was cancelled.");
  });
});
