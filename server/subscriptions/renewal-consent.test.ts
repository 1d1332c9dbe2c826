import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart, priceCart } from "../cart/cart.ts";
import { startCheckout } from "../checkout/checkout.ts";
import { renewalConsents, subscriptions } from "../db/schema/index.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { completePayment } from "../paid-orders/complete-payment.ts";
import { paySandboxSession, sandboxProvider } from "../payments/sandbox.ts";
import { ensurePolicyTemplates } from "../policies/templates.ts";
import { deliveryTerms } from "../shipping/terms.ts";
import { checkRenewalConsent, renewalTermsFor } from "./renewal-consent.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await ensurePolicyTemplates(database.db); // as every start does: the policies in force are version 1
});
afterAll(() => database.destroy());

const address = {
  name: "Cal Buyer",
  phone: "+1 415 555 0100",
  line1: "1 Market St",
  line2: "",
  city: "San Francisco",
  state: "CA",
  postalCode: "94105",
  country: "US",
};

async function subscriberCart() {
  const user = await createUser(database.db);
  const product = await createProduct(database.db, { priceCents: 5000 });
  const cartId = await getOrCreateCart(database.db, { userId: user.id });
  await addToCart(database.db, cartId, product.id, 1);
  return { user, cartId, cart: await priceCart(database.db, cartId) };
}

describe("automatic-renewal consent", () => {
  it("states the renewal price after the subscription discount, the next charge and how to cancel", async () => {
    const { cart } = await subscriberCart();
    const now = new Date("2026-01-15T12:00:00Z");
    const terms = renewalTermsFor(cart, await deliveryTerms(database.db, address), now);
    // $50.00 less 15%: $42.50, free shipping; the California rate of the delivery terms on top.
    expect(terms.text).toMatch(/renews every month until you cancel/);
    expect(terms.text).toMatch(
      /charged \$4\d\.\d\d \(free shipping, (\$\d+\.\d\d sales tax|no sales tax) included\)/,
    );
    expect(terms.text).toContain("Your next charge is on February 15, 2026");
    expect(terms.text).toMatch(/cancel at any time online/);
    expect(terms.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is refused unticked, or for terms other than those this cart gives now", async () => {
    const { cart } = await subscriberCart();
    const terms = renewalTermsFor(cart, await deliveryTerms(database.db, address));
    const check = (ticked: boolean, termsHash: string) =>
      checkRenewalConsent(database.db, { cart, address, posted: { ticked, termsHash } });
    expect(await check(false, terms.hash)).toEqual({ ok: false, reason: "missing" });
    expect(await check(true, "0".repeat(64))).toEqual({ ok: false, reason: "changed" });
    expect(await check(true, terms.hash)).toMatchObject({ ok: true, terms: { text: terms.text } });
  });

  it("is stored with the order and its text, linked to the subscription fulfilment starts, and the email repeats the terms", async () => {
    const { user, cartId, cart } = await subscriberCart();
    const terms = renewalTermsFor(cart, await deliveryTerms(database.db, address));
    const started = await startCheckout(database.db, sandboxProvider, {
      cartId,
      userId: user.id,
      purchaseType: "subscription",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress: address,
      renewalConsent: { ...terms, clientIp: "203.0.113.9", userAgent: "Consent Test Browser" },
    });
    if (!started.ok) throw new Error(started.reason);
    const sessionId = started.url.split("/").pop()!;
    const buyer = {
      name: "Cal Buyer",
      email: user.email,
      phone: "555-0100",
      address: {
        line1: "1 Market St",
        city: "San Francisco",
        state: "CA",
        postalCode: "94105",
        country: "US",
      },
    };
    await paySandboxSession(database.db, sessionId, { cardNumber: "4242 4242 4242 4242", buyer });
    const sent: MailMessage[] = [];
    const mailer = {
      publicUrl: "https://shop.example",
      send: async (message: MailMessage) => sent.push(message).toString(),
    };
    await completePayment(database.db, mailer, sandboxProvider, sessionId);

    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const [consent] = await database.db
      .select()
      .from(renewalConsents)
      .where(eq(renewalConsents.orderId, started.orderId));
    expect(consent).toMatchObject({
      subscriptionId: subscription!.id,
      termsText: terms.text,
      termsHash: terms.hash,
      termsVersion: terms.version,
      clientIp: "203.0.113.9",
      userAgent: "Consent Test Browser",
      policyVersions: { privacy: 1, terms: 1, refunds: 1, shipping: 1, accessibility: 1 },
    });
    const confirmation = sent.find((m) => m.template === "order-confirmation")!;
    const props = JSON.stringify(confirmation.props);
    expect(props).toContain(`https://shop.example/account/subscriptions/${subscription!.id}/cancel`);
    expect(props).toMatch(/renews automatically every month until you cancel it/);
    expect(props).toMatch(/Next charge: /);
  });
});
