import { rateLimitHits } from "../../db/schema/index.ts";
import { keySegmentIs } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * Rate limit counters keyed by their email or account id (sign-in, sign-up, reset…): deleted.
 * The key's segment must be the whole email (`…:account:<email>`), not contain it.
 */
export const rateLimitsPart: PrivacyPart = {
  name: "rateLimits",
  eraseFor: async (tx, { email, userId }) => {
    const keys = userId ? [email, userId.toLowerCase()] : [email];
    await tx.delete(rateLimitHits).where(keySegmentIs(rateLimitHits.key, keys));
  },
};
