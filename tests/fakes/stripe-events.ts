import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/** The webhook signing secret tests configure (a whsec_… value like Stripe's). */
export const TEST_WEBHOOK_SECRET = "whsec_test_shop_webhook_secret";

/** An event as Stripe delivers it (id, type, the object in data.object). */
export function stripeEvent(
  type: string,
  object: unknown,
  id = `evt_test_${randomBytes(9).toString("hex")}`,
  /** The endpoint's API version the event is rendered at (the shop pins Stripe.API_VERSION). */
  apiVersion: string = Stripe.API_VERSION,
) {
  return {
    id,
    object: "event",
    type,
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/**
 * A POST to /webhooks/stripe carrying the event, signed the way Stripe signs deliveries
 * (stripe.webhooks.generateTestHeaderString). `timestamp` (seconds) makes a stale signature,
 * `secret` a forged one.
 */
export function signedWebhookRequest(
  url: string,
  event: unknown,
  options: { secret?: string; timestamp?: number } = {},
): Request {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}
