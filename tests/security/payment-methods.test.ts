import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { startCheckout } from "../../server/checkout/checkout.ts";
import { sandboxProvider } from "../../server/payments/sandbox.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { TEST_WEBHOOK_SECRET } from "../fakes/stripe-events.ts";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe-server.ts";
import { postCheckoutAddress } from "./shopper.ts";
import { setupTarget } from "./support.ts";

/**
 * A live shop with only Stripe keys: PayPal must not fall back to the built-in sandbox, whose
 * test-mode page marks an order paid with no money taken.
 */
const buyer = { email: "free-order@example.com", password: "free-order-password-1" };
const env: Record<string, string> = {
  STRIPE_SECRET_KEY: "sk_test_security",
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};
/** A sandbox session opened while the shop still ran without keys (the demo). */
let oldSandboxSession = "";
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_BASE = fake.url;
});
afterAll(() => fake?.close());

const target = setupTarget({
  seed: "none",
  env,
  prepare: async (db) => {
    const user = await createUser(db, buyer);
    const product = await createProduct(db, { name: "Free Resin", priceCents: 5000 });
    const cartId = await getOrCreateCart(db, { userId: user.id });
    await addToCart(db, cartId, product.id, 1);
    const opened = await startCheckout(db, sandboxProvider, {
      cartId,
      userId: user.id,
      purchaseType: "one_time",
      paymentMethod: "paypal",
      couponCode: null,
    });
    if (!opened.ok) throw new Error(`sandbox checkout not opened: ${opened.reason}`);
    oldSandboxSession = opened.url.split("/").pop()!;
  },
});

const paidForm = {
  intent: "pay",
  name: "Free Rider",
  email: buyer.email,
  phone: "5550100",
  line1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  country: "US",
  cardNumber: "4242 4242 4242 4242",
};

describe("payment methods without keys (only Stripe configured)", () => {
  it("a posted PayPal payment is refused with a clear message instead of going to the sandbox", async () => {
    const visitor = await target.signedIn(buyer);
    await postCheckoutAddress(visitor);
    const response = await visitor.postForm("/checkout", { intent: "pay", paymentMethod: "paypal" });
    expect(response.headers.get("location") ?? "").not.toContain("/sandbox/");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("PayPal is not available. Please pay by card.");
    // Nothing lost: the cart is still there and card still goes to Stripe.
    const card = await visitor.postForm("/checkout", { intent: "pay", paymentMethod: "card" });
    expect(card.status).toBe(302);
    expect(card.headers.get("location")).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
  });

  it("the checkout page offers only the card", async () => {
    const visitor = await target.signedIn(buyer);
    const page = await (await visitor.get("/checkout")).text();
    expect(page).toContain("Credit / Debit Card");
    const offered = [...page.matchAll(/<input[^>]*name="paymentMethod"[^>]*>/g)].map(
      ([input]) => input.match(/value="([^"]*)"/)?.[1],
    );
    expect(offered).toEqual(["card"]);
  });

  it("the sandbox's test-mode page no longer confirms a payment, not even an older session", async () => {
    const visitor = await target.signedIn(buyer);
    const page = await visitor.get(`/sandbox/paypal/${oldSandboxSession}`);
    expect(await page.text()).toContain("Test mode is off in this shop");
    const pay = await visitor.postForm(`/sandbox/paypal/${oldSandboxSession}`, paidForm);
    expect(pay.status).toBe(403);
    const success = await visitor.get(`/paypal-success?token=${oldSandboxSession}&PayerID=SANDBOX`);
    // (the page shows its layout even when nothing was captured; the order list tells)
    await success.text();
    expect(await (await visitor.get("/orders")).text()).toContain("No orders yet");
  });
});
