import type Stripe from "stripe";
import { assertReadableVersion } from "./event-version.ts";
import { handleStripeEvent, type StripeEventDeps } from "./events.ts";
import type { StripeGateway } from "./gateway.ts";

/** Seconds a signed event stays acceptable (replayed older deliveries are refused). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event in a webhook body, once its signature is verified with the endpoint's secret and is
 * recent (server/webhooks/stripe.ts receives it). Throws when it is not.
 */
export function verifyStripeEvent(
  gateway: StripeGateway & { webhookSecret: string },
  payload: string,
  signature: string,
): Stripe.Event {
  assertSignedRecently(signature);
  return gateway.client.webhooks.constructEvent(
    payload,
    signature,
    gateway.webhookSecret,
    STRIPE_SIGNATURE_TOLERANCE_SECONDS,
  );
}

/**
 * The SDK refuses only signatures older than the tolerance; one dated in the future (a signing
 * clock far ahead, or a forged date) would stay replayable until then. Refuse both ways.
 */
function assertSignedRecently(signature: string, now = Date.now()) {
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp)) return; // constructEvent refuses a header without one
  if (Math.abs(now / 1000 - timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error("Stripe signature timestamp outside the tolerance zone");
  }
}

/** Our handler for one verified event, in the log's terms (also what a replay runs). */
export async function dispatchStripeEvent(deps: StripeEventDeps, event: Stripe.Event) {
  assertReadableVersion(event);
  return (await handleStripeEvent(deps, event)) === "handled" ? "processed" : "ignored";
}
