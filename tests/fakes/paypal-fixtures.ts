import { startCheckout } from "../../server/checkout/checkout.ts";
import type { Db } from "../../server/db/client.ts";
import { createPaypalProvider, type PaypalProvider } from "../../server/payments/paypal/paypal-provider.ts";
import { FakePaypal, fakeCredentials, fakeWebhookId } from "./paypal-server.ts";

export const shopUrl = "http://shop.test";

/**
 * A started fake PayPal and a provider pointed at it (a shorter timeout than production's 20 s, so
 * a lost answer is retried without a long wait — but not so short that an answer from the fake, in
 * this same busy process on a loaded CI machine, counts as lost: 1 s did, and a webhook's read of
 * the subscription failed; short activation polls: an approved subscription is re-read at once).
 */
export async function startFakePaypal(): Promise<{ fake: FakePaypal; provider: PaypalProvider }> {
  const fake = await new FakePaypal().start();
  const provider = createPaypalProvider(
    { ...fakeCredentials, webhookId: fakeWebhookId, apiBase: fake.url },
    shopUrl,
    { timeoutMs: 5000, activationPollMs: 5 },
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

/** Checkout with PayPal as the provider; throws when checkout refuses. */
export async function paypalCheckout(
  db: Db,
  provider: PaypalProvider,
  input: {
    cartId: string;
    userId?: string;
    subscription?: boolean;
    couponCode?: string;
    buyerEmail?: string;
  },
) {
  const result = await startCheckout(db, provider, {
    cartId: input.cartId,
    userId: input.userId ?? null,
    purchaseType: input.subscription ? "subscription" : "one_time",
    paymentMethod: "paypal",
    couponCode: input.couponCode ?? null,
    buyerEmail: input.buyerEmail ?? null,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  return result;
}
