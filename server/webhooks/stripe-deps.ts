import { stripeGateway } from "../payments/stripe/gateway.ts";
import type { Services } from "../services.ts";
import type { StripeWebhookDeps } from "./stripe.ts";

/** What the Stripe webhook needs from the app's services. */
export function stripeWebhookDeps(services: Services): StripeWebhookDeps {
  const { config } = services;
  return {
    db: services.database.db,
    mailer: services.mailer,
    log: services.log,
    gateway: config.stripe ? stripeGateway(config.stripe, config.publicUrl) : undefined,
    publicUrl: config.publicUrl,
  };
}
