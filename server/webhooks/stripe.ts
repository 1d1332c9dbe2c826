import type Stripe from "stripe";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { noteEventVersion, UnreadableEventVersion } from "../payments/stripe/event-version.ts";
import { RetryLater } from "../payments/stripe/events.ts";
import type { StripeGateway } from "../payments/stripe/gateway.ts";
import { dispatchStripeEvent, verifyStripeEvent } from "../payments/stripe/webhook.ts";
import { recordDelivery, runLogged } from "./log.ts";
import { paymentEventHandler } from "./payment-events.ts";

export type StripeWebhookDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  log: Pick<Logger, "info" | "warn" | "error">;
  /** Absent when Stripe is not configured. */
  gateway?: StripeGateway;
  publicUrl: string;
};

/**
 * POST /webhooks/stripe: verifies the signature on the raw body, logs the event (./log.ts),
 * skips an event id already handled, acts on the event and records its outcome — so a failure
 * answers non-2xx and Stripe's retry runs it again, while a duplicate answers 200 and changes nothing.
 */
export async function handleStripeWebhook(deps: StripeWebhookDeps, request: Request): Promise<Response> {
  const { gateway } = deps;
  if (!gateway) return Response.json({ error: "Stripe is not configured" }, { status: 404 });
  const { webhookSecret } = gateway;
  if (!webhookSecret) {
    return Response.json({ error: "STRIPE_WEBHOOK_SECRET is not set" }, { status: 503 });
  }
  const payload = await request.text();
  const signature = request.headers.get("stripe-signature") ?? "";
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent({ ...gateway, webhookSecret }, payload, signature);
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
      dispatchStripeEvent({ gateway, events: paymentEventHandler(deps) }, event),
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
