import { and, desc, isNotNull } from "drizzle-orm";
import { webhookEvents } from "../../db/schema/index.ts";
import { jsonHoldsValue, mentionsAny } from "../match.ts";
import { LEFT_ROWS_LISTED, type PrivacyPart } from "../part.ts";

/**
 * Provider webhook payloads carry the buyer's name, email and address. An event holding one of
 * their provider references, order ids or their email as a whole value keeps its log row (id,
 * type, outcome, dates) without the payload, like an event too large to store; it can no longer
 * be replayed. An event that only mentions a name of theirs in text is left and listed.
 */
export const webhookEventsPart: PrivacyPart = {
  name: "webhookEvents",
  eraseFor: async (tx, { email, providerRefs }) => {
    const about = [email, ...providerRefs.map((ref) => ref.toLowerCase())];
    await tx.update(webhookEvents).set({ payload: null }).where(jsonHoldsValue(webhookEvents.payload, about));
  },
  listLeft: async (tx, { terms }) => {
    const rows = await tx
      .select({ id: webhookEvents.id, provider: webhookEvents.provider, type: webhookEvents.type })
      .from(webhookEvents)
      .where(
        and(
          isNotNull(webhookEvents.payload),
          mentionsAny([webhookEvents.payload, webhookEvents.error], terms),
        ),
      )
      .orderBy(desc(webhookEvents.receivedAt))
      .limit(LEFT_ROWS_LISTED);
    return rows.map((row) => ({
      table: "webhook_events" as const,
      id: row.id,
      what: `${row.provider} event ${row.type}`,
    }));
  },
};
