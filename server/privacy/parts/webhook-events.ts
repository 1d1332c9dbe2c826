import { webhookEvents } from "../../db/schema/index.ts";
import { mentionsAny } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * Provider webhook payloads carry the buyer's name, email and address. An event about their
 * orders, subscriptions or email keeps its log row (id, type, outcome, dates) without the payload,
 * like an event too large to store; it can no longer be replayed.
 */
export const webhookEventsPart: PrivacyPart = {
  name: "webhookEvents",
  eraseFor: async (tx, { terms, providerRefs }) => {
    const about = [...terms, ...providerRefs.map((ref) => ref.toLowerCase())];
    await tx
      .update(webhookEvents)
      .set({ payload: null })
      .where(mentionsAny([webhookEvents.payload, webhookEvents.error], about));
  },
};
