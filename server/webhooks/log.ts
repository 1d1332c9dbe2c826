import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { webhookEvents } from "../db/schema/index.ts";

export type WebhookProvider = "stripe" | "paypal";
export type HandledOutcome = "processed" | "ignored";

/**
 * Payloads kept for the admin screen and replays. Webhook bodies are already refused above 1 MB
 * (FORM_BODY_LIMIT); real Stripe and PayPal events are a few kilobytes. A bigger one is logged
 * without its payload (and cannot be replayed) rather than filling the table.
 */
export const MAX_STORED_PAYLOAD_BYTES = 256 * 1024;
const MAX_ERROR_LENGTH = 1000;

export type Delivery = { provider: WebhookProvider; eventId: string; type: string; rawBody: string };

/**
 * Logs one signature-verified delivery: a new row, or — the same event id delivered again — the
 * same row with one more delivery. `alreadyHandled` says an earlier delivery was processed or
 * ignored (so this one must not run the handler again); a failed or unfinished one runs again.
 */
export async function recordDelivery(
  db: Db,
  delivery: Delivery,
): Promise<{ id: string; alreadyHandled: boolean }> {
  const bytes = Buffer.byteLength(delivery.rawBody);
  // jsonb cannot hold \u0000: such a body is logged without its payload rather than failing the webhook.
  const storable = bytes <= MAX_STORED_PAYLOAD_BYTES && !delivery.rawBody.includes("\\u0000");
  const payload = storable ? sql`${delivery.rawBody}::jsonb` : null;
  const [row] = await db
    .insert(webhookEvents)
    .values({
      provider: delivery.provider,
      eventId: delivery.eventId,
      type: delivery.type.slice(0, 200),
      payload,
      payloadBytes: bytes,
    })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: { deliveries: sql`${webhookEvents.deliveries} + 1`, lastReceivedAt: sql`now()` },
    })
    .returning({ id: webhookEvents.id, outcome: webhookEvents.outcome });
  if (!row) throw new Error("webhook event was not recorded");
  return { id: row.id, alreadyHandled: row.outcome === "processed" || row.outcome === "ignored" };
}

/**
 * Runs our handler for a logged event and records what came of it (one more attempt). A failure is
 * recorded and rethrown: the provider must get a non-2xx answer so it delivers again.
 */
export async function runLogged(
  db: Db,
  id: string,
  handle: () => Promise<HandledOutcome>,
): Promise<HandledOutcome> {
  try {
    const outcome = await handle();
    await recordOutcome(db, id, outcome, null);
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordOutcome(db, id, "failed", message.slice(0, MAX_ERROR_LENGTH)).catch(() => {});
    throw error;
  }
}

async function recordOutcome(db: Db, id: string, outcome: HandledOutcome | "failed", error: string | null) {
  await db
    .update(webhookEvents)
    .set({ outcome, error, attempts: sql`${webhookEvents.attempts} + 1`, handledAt: sql`now()` })
    .where(eq(webhookEvents.id, id));
}
