import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaypalProvider } from "../payments/paypal/paypal-provider.ts";
import { dispatchPaypalEvent, parseEvent, verifyPaypalSignature } from "../payments/paypal/webhook.ts";
import { recordDelivery, runLogged } from "./log.ts";
import { paymentEventHandler } from "./payment-events.ts";

export type PaypalWebhookDeps = {
  db: Db;
  mailer: Pick<Mailer, "send">;
  provider: PaypalProvider;
  log: Pick<Logger, "info" | "warn" | "error">;
  now?: () => Date;
};

export type WebhookAnswer = {
  status: number;
  body: { received?: boolean; duplicate?: boolean; error?: string };
};

/** What acting on a PayPal event needs: our handler gets the shop's URL from the provider's settings. */
export function paypalEventDeps(deps: PaypalWebhookDeps) {
  const { db, mailer, provider, log } = deps;
  return { ...deps, events: paymentEventHandler({ db, mailer, publicUrl: provider.publicUrl, log }) };
}

/**
 * POST /webhooks/paypal: verified with PayPal (verify-webhook-signature) before anything else, each
 * event id handled once (recorded after it was handled, so a failure lets PayPal retry), and every
 * handler reads the current state from PayPal, so repeated or out-of-order events converge.
 */
export async function handlePaypalWebhook(
  deps: PaypalWebhookDeps,
  rawBody: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const event = parseEvent(rawBody);
  if (!event) return { status: 400, body: { error: "invalid event" } };
  const verified = await verifyPaypalSignature(deps, rawBody, headers);
  if (verified !== "SUCCESS") {
    deps.log.warn({ eventId: event.id, verified }, "paypal webhook refused");
    return { status: 400, body: { error: "signature verification failed" } };
  }
  const delivery = await recordDelivery(deps.db, {
    provider: "paypal",
    eventId: event.id,
    type: event.event_type,
    rawBody,
  });
  if (delivery.alreadyHandled) return { status: 200, body: { received: true, duplicate: true } };
  try {
    await runLogged(deps.db, delivery.id, () => dispatchPaypalEvent(paypalEventDeps(deps), event));
  } catch (error) {
    deps.log.error({ err: error, eventId: event.id, type: event.event_type }, "paypal webhook failed");
    return { status: 500, body: { error: "handling failed" } };
  }
  return { status: 200, body: { received: true } };
}
