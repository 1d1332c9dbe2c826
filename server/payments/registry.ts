import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { getOrderForSession } from "../orders/customer-orders.ts";
import { paypalProviderFor } from "./paypal/paypal-provider.ts";
import type { PaymentMethod, PaymentProvider } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";
import { stripeGateway } from "./stripe/gateway.ts";

export type ProviderName = PaymentProvider["name"];

type ProviderServices = { config: Pick<Config, "stripe" | "paypal" | "publicUrl">; database: { db: Db } };

/**
 * The provider a new checkout uses: card → Stripe and PayPal → PayPal when their keys are
 * configured; the built-in sandbox otherwise (the default without keys).
 */
export function checkoutProvider(services: ProviderServices, method: PaymentMethod): PaymentProvider {
  if (method === "card" && services.config.stripe) return providerNamed(services, "stripe");
  if (method === "paypal" && services.config.paypal) return providerNamed(services, "paypal");
  return sandboxProvider;
}

/** The provider that owns an existing order or subscription (it keeps its provider for life). */
export function providerNamed(services: ProviderServices, name: ProviderName): PaymentProvider {
  switch (name) {
    case "sandbox":
      return sandboxProvider;
    case "stripe":
      if (!services.config.stripe) throw new Error("The stripe payment provider is not configured");
      return stripeGateway(services.config.stripe, services.config.publicUrl).provider;
    case "paypal":
      return paypalProviderFor(services.config);
  }
}

/** The provider of the order a return URL's session id / token belongs to; null when unknown. */
export async function providerForSession(
  services: ProviderServices,
  sessionId: string,
): Promise<PaymentProvider | null> {
  const order = await getOrderForSession(services.database.db, sessionId);
  return order ? providerNamed(services, order.provider) : null;
}
