/**
 * Creates or checks the shop's Stripe webhook endpoint through Stripe's API:
 *   STRIPE_SECRET_KEY=sk_… PUBLIC_URL=https://shop.example npm run stripe:setup
 * The endpoint is PUBLIC_URL/webhooks/stripe, on the API version the shop is written for, with
 * exactly the events it handles. A new endpoint's signing secret is printed (Stripe shows it only
 * once): put it in STRIPE_WEBHOOK_SECRET and restart the shop. See docs/payments.md.
 */
import "./support/env.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { PINNED_STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from "../server/payments/stripe/api-version.ts";
import { createStripeClient } from "../server/payments/stripe/client.ts";
import {
  type SetupResult,
  setUpWebhookEndpoint,
  stripeWebhookUrl,
} from "../server/payments/stripe/webhook-endpoint.ts";

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: "warn" });
  if (!config.stripe) return fail("STRIPE_SECRET_KEY is not set: nothing to set up.");
  const url = stripeWebhookUrl(config.publicUrl);
  const live = config.stripe.secretKey.startsWith("sk_live_");
  if (!url.startsWith("https://") && live) {
    return fail(`PUBLIC_URL must be the shop's public https:// address (it is ${config.publicUrl}).`);
  }
  console.log(`Stripe webhook endpoint ${url}`);
  console.log(`  API version ${PINNED_STRIPE_API_VERSION}, events: ${STRIPE_WEBHOOK_EVENTS.join(", ")}`);
  const result = await setUpWebhookEndpoint(createStripeClient(config.stripe), config.publicUrl);
  console.log(report(result, config.stripe.webhookSecret));
}

function report(result: SetupResult, currentSecret: string | undefined): string {
  switch (result.action) {
    case "unchanged":
      return [
        `OK: endpoint ${result.endpoint.id} is set up as the shop needs it; nothing was changed.`,
        currentSecret
          ? ""
          : "STRIPE_WEBHOOK_SECRET is not set here: copy the endpoint's signing secret from the Stripe Dashboard (Developers → Webhooks).",
      ]
        .filter(Boolean)
        .join("\n");
    case "updated":
      return `Updated endpoint ${result.endpoint.id} (it had ${result.fixed.join("; ")}). Its signing secret is unchanged.`;
    case "created":
      return [
        `Created endpoint ${result.endpoint.id}.`,
        ...(result.replaced
          ? [
              `Disabled the old endpoint ${result.replaced.id} (API version ${result.replaced.apiVersion ?? "of the account's default"}); Stripe's version of an endpoint cannot be changed. Events refused until the new secret is in place are retried by Stripe.`,
            ]
          : []),
        "Signing secret (Stripe shows it only now): put it in STRIPE_WEBHOOK_SECRET and restart the shop:",
        result.secret,
      ].join("\n");
  }
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) return fail(`Configuration error: ${error.message}`);
  fail(`Stripe setup failed: ${error instanceof Error ? error.message : String(error)}`);
});
