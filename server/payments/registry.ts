import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { paypalProviderFor } from "./paypal/paypal-provider.ts";
import type { PaymentMethod, PaymentProvider } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";
import { stripeGateway } from "./stripe/gateway.ts";

export type ProviderName = PaymentProvider["name"];

export type ProviderServices = {
  config: Pick<Config, "stripe" | "paypal" | "publicUrl">;
  database: { db: Db };
};

type ProviderKeys = Pick<Config, "stripe" | "paypal">;

/**
 * The built-in sandbox (test mode, no money moves) takes payments only in a shop without any real
 * provider: the demo. Once Stripe or PayPal keys are set, a method without keys is not offered,
 * instead of falling back to pages that mark orders paid for free.
 */
export function sandboxEnabled(config: ProviderKeys): boolean {
  return !config.stripe && !config.paypal;
}

/** The payment methods the checkout offers, in the spec's order (card first, the default). */
export function availablePaymentMethods(config: ProviderKeys): PaymentMethod[] {
  if (sandboxEnabled(config)) return ["card", "paypal"];
  const methods: PaymentMethod[] = [];
  if (config.stripe) methods.push("card");
  if (config.paypal) methods.push("paypal");
  return methods;
}

/**
 * The provider a new checkout uses: card → Stripe and PayPal → PayPal when their keys are
 * configured; the built-in sandbox for both when no provider is configured. Null when the method
 * is not available in this shop (its provider has no keys, but another one has).
 */
export function checkoutProvider(services: ProviderServices, method: PaymentMethod): PaymentProvider | null {
  if (sandboxEnabled(services.config)) return sandboxProvider;
  if (method === "card" && services.config.stripe) return providerNamed(services, "stripe");
  if (method === "paypal" && services.config.paypal) return providerNamed(services, "paypal");
  return null;
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
