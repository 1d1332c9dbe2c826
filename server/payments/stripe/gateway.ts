import type Stripe from "stripe";
import type { PaymentProvider } from "../provider.ts";
import { createStripeClient, type StripeConfig } from "./client.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** The Stripe client, our provider on it, and the webhook secret, built once per configuration. */
export type StripeGateway = { client: Stripe; provider: PaymentProvider; webhookSecret?: string };

const gateways = new WeakMap<StripeConfig, StripeGateway>();

export function stripeGateway(config: StripeConfig, publicUrl: string): StripeGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    const client = createStripeClient(config);
    gateway = {
      client,
      provider: createStripeProvider(client, { publicUrl }),
      webhookSecret: config.webhookSecret,
    };
    gateways.set(config, gateway);
  }
  return gateway;
}
