import type Stripe from "stripe";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { recordDelivery, runLogged } from "../../webhooks/log.ts";
import { assertReadableVersion, noteEventVersion, UnreadableEventVersion } from "./event-version.ts";
import { handleStripeEvent, RetryLater, type StripeEventDeps } from "./events.ts";
import type { StripeGateway } from "./gateway.ts";

/** Seconds a signed event stays acceptable (replayed older deliveries are refused). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeWebhookDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  log: Pick<Logger, "info" | "warn" | "error">;
  /** Absent when Stripe is not configured. */
  gateway?: StripeGateway;
  publicUrl: string;
};

/**
 * POST /webhooks/stripe: verifies the signature on the raw body, logs the event (server/webhooks),
 * skips an event id already handled, acts on the event and records its outcome — so a failure
 * answers non-2xx and Stripe's retry runs it again, while a duplicate answers 200 and changes nothing.
 */
export async function handleStripeWebhook(deps: StripeWebhookDeps, request: Request): Promise<Response> {
  const { gateway } = deps;
  if (!gateway) return Response.json({ error: "Stripe is not configured" }, { status: 404 });
  if (!gateway.webhookSecret) {
    return Response.json({ error: "STRIPE_WEBHOOK_SECRET is not set" }, { status: 503 });
  }
  const payload = await request.text();
  const signature = request.headers.get("stripe-signature") ?? "";
  let event: Stripe.Event;
  try {
    assertSignedRecently(signature);
    event = gateway.client.webhooks.constructEvent(
      payload,
      signature,
      gateway.webhookSecret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch (error) {
    deps.log.warn({ err: error }, "stripe webhook signature refused");
    return Response.json({ error: "Invalid signature" }, { status: 400 });
  }
  const delivery = await recordDelivery(deps.db, {
    provider: "stripe",
    eventId: event.id,
    type: event.type,
    rawBody: payload,
  });
  if (delivery.alreadyHandled) return Response.json({ received: true, duplicate: true });
  noteEventVersion(deps.log, event);
  try {
    const outcome = await runLogged(deps.db, delivery.id, () =>
      dispatchStripeEvent({ ...deps, gateway }, event),
    );
    deps.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
    // The answer keeps Stripe-side wording ("handled"), as before the log.
    return Response.json({ received: true, outcome: outcome === "processed" ? "handled" : "ignored" });
  } catch (error) {
    const retry = error instanceof RetryLater || error instanceof UnreadableEventVersion;
    deps.log[retry ? "warn" : "error"](
      { err: error, eventId: event.id, type: event.type },
      "stripe webhook failed",
    );
    return Response.json(
      { error: retry ? error.message : "Processing failed" },
      { status: retry ? 409 : 500 },
    );
  }
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
