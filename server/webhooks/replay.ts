import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { webhookEvents } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { paypalProviderFor } from "../payments/paypal/paypal-provider.ts";
import { dispatchPaypalEvent, parseEvent } from "../payments/paypal/webhook.ts";
import { stripeGateway } from "../payments/stripe/gateway.ts";
import { dispatchStripeEvent } from "../payments/stripe/webhook.ts";
import { type HandledOutcome, runLogged } from "./log.ts";
import { paymentEventHandler } from "./payment-events.ts";
import { paypalEventDeps } from "./paypal.ts";

/** A second replay of the same event within this window is the same click twice: it does nothing. */
export const REPLAY_DEBOUNCE_SECONDS = 10;

/** What a replay needs (the request context has it all). */
export type ReplayServices = {
  config: Pick<Config, "stripe" | "paypal" | "publicUrl">;
  mailer: Pick<Mailer, "send">;
  log: Pick<Logger, "info" | "warn" | "error">;
  database: { db: Db };
};

/**
 * Runs our handler again on a logged event's stored payload (its signature was verified when it
 * arrived) and records the outcome. Handlers are idempotent, and a replay claims the row first, so
 * a double click runs it once. Throws NotFoundError / ConflictError with the admin's message.
 */
export async function replayWebhookEvent(services: ReplayServices, id: string): Promise<HandledOutcome> {
  const db = services.database.db;
  const event = await storedEvent(db, id);
  const handle = handlerFor(services, event.provider, event.payload);
  const [claimed] = await db
    .update(webhookEvents)
    .set({ replayedAt: sql`now()` })
    .where(and(eq(webhookEvents.id, id), notJustReplayed()))
    .returning({ id: webhookEvents.id });
  if (!claimed) {
    throw new ConflictError({
      title: "Already replayed",
      description: "This event was replayed moments ago.",
    });
  }
  try {
    return await runLogged(db, id, handle);
  } catch (error) {
    throw new ConflictError(
      { title: "Replay failed", description: error instanceof Error ? error.message : "The handler failed." },
      { cause: error },
    );
  }
}

function notJustReplayed() {
  const recently = sql`now() - make_interval(secs => ${REPLAY_DEBOUNCE_SECONDS})`;
  return or(isNull(webhookEvents.replayedAt), lt(webhookEvents.replayedAt, recently));
}

async function storedEvent(db: Db, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select({ provider: webhookEvents.provider, payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, id))
    : [];
  if (!row) throw new NotFoundError({ title: "Event not found", description: "No such webhook event." });
  if (row.payload === null) {
    throw new ConflictError({
      title: "Cannot replay",
      description: "This event's payload was too large to keep, so it cannot be replayed.",
    });
  }
  return row;
}

function handlerFor(
  services: ReplayServices,
  provider: string,
  payload: unknown,
): () => Promise<HandledOutcome> {
  const { config, mailer, log } = services;
  const db = services.database.db;
  if (provider === "stripe" && config.stripe) {
    const gateway = stripeGateway(config.stripe, config.publicUrl);
    const events = paymentEventHandler({ db, mailer, publicUrl: config.publicUrl });
    return () => dispatchStripeEvent({ gateway, events }, payload as Stripe.Event);
  }
  const paypalEvent = provider === "paypal" ? parseEvent(JSON.stringify(payload)) : null;
  if (paypalEvent && config.paypal) {
    const deps = paypalEventDeps({ db, mailer, log, provider: paypalProviderFor(config) });
    return () => dispatchPaypalEvent(deps, paypalEvent);
  }
  throw new ConflictError({
    title: "Cannot replay",
    description: `${provider === "stripe" ? "Stripe" : "PayPal"} is not configured on this shop.`,
  });
}
