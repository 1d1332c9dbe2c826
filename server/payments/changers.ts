import type { Config } from "../config.ts";
import { paypalProviderFor } from "./paypal/paypal-provider.ts";
import { createPaypalChanger } from "./paypal/subscription-changes.ts";
import type { ProviderName } from "./registry.ts";
import { stripeGateway } from "./stripe/gateway.ts";
import { createStripeChanger } from "./stripe/subscription-changes.ts";
import { type SubscriptionChanger, sandboxChanger } from "./subscription-changes.ts";

export type ChangerServices = { config: Pick<Config, "stripe" | "paypal" | "publicUrl"> };

/** The self-service adapter of the provider that owns a subscription (it keeps its provider for life). */
export function subscriptionChanger(services: ChangerServices, name: ProviderName): SubscriptionChanger {
  const { config } = services;
  switch (name) {
    case "sandbox":
      return sandboxChanger;
    case "stripe":
      if (!config.stripe) throw new Error("The stripe payment provider is not configured");
      return createStripeChanger(stripeGateway(config.stripe, config.publicUrl).client);
    case "paypal":
      return createPaypalChanger(paypalProviderFor(config).client);
  }
}
