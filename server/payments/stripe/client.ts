import Stripe from "stripe";
import type { Config } from "../../config.ts";

export type StripeConfig = NonNullable<Config["stripe"]>;

/**
 * The Stripe SDK client for the configured key. STRIPE_API_BASE (tests, a local fake) replaces
 * Stripe's host. The SDK never retries by itself: every write carries our own idempotency key,
 * and a failed call surfaces to the caller instead of being replayed behind its back.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}
