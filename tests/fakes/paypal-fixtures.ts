import { addToCart, getOrCreateCart } from "../../server/cart/cart.ts";
import { startCheckout } from "../../server/checkout/checkout.ts";
import type { Db } from "../../server/db/client.ts";
import type { MailMessage } from "../../server/mail/mailer.ts";
import { createPaypalProvider, type PaypalProvider } from "../../server/payments/paypal/paypal-provider.ts";
import { createProduct } from "../factories/index.ts";
import { FakePaypal, fakeCredentials, fakeWebhookId } from "./paypal-server.ts";

export const shopUrl = "http://shop.test";

/**
 * A started fake PayPal and a provider pointed at it (short timeout: a lost answer is retried
 * fast; short activation polls: an approved subscription is re-read without real waiting).
 */
export async function startFakePaypal(): Promise<{ fake: FakePaypal; provider: PaypalProvider }> {
  const fake = await new FakePaypal().start();
  const provider = createPaypalProvider(
    { ...fakeCredentials, webhookId: fakeWebhookId, apiBase: fake.url },
    shopUrl,
    { timeoutMs: 500, activationPollMs: 5 },
  );
  return { fake, provider };
}

/** The same environment for the app started by browser tests. */
export function fakePaypalEnv(fake: FakePaypal): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: fakeCredentials.clientId,
    PAYPAL_CLIENT_SECRET: fakeCredentials.clientSecret,
    PAYPAL_WEBHOOK_ID: fakeWebhookId,
    PAYPAL_API_BASE: fake.url,
  };
}

export function recordingMailer() {
  const sent: MailMessage[] = [];
  const send = async (message: MailMessage) => {
    sent.push(message);
    return "id";
  };
  return { sent, send };
}

/** A cart with `quantity` of a $59.99 product (a guest's, or the user's). */
export async function cartWith(db: Db, quantity = 1, userId?: string) {
  const product = await createProduct(db, { priceCents: 5999 });
  const cartId = await getOrCreateCart(db, userId ? { userId } : { guestCartId: null });
  await addToCart(db, cartId, product.id, quantity);
  return cartId;
}

/** Checkout with PayPal as the provider; throws when checkout refuses. */
export async function paypalCheckout(
  db: Db,
  provider: PaypalProvider,
  input: { cartId: string; userId?: string; subscription?: boolean; couponCode?: string },
) {
  const result = await startCheckout(db, provider, {
    cartId: input.cartId,
    userId: input.userId ?? null,
    purchaseType: input.subscription ? "subscription" : "one_time",
    paymentMethod: "paypal",
    couponCode: input.couponCode ?? null,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  return result;
}
