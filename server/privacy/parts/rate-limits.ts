import { rateLimitHits } from "../../db/schema/index.ts";
import { mentionsAny } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/** Rate limit counters keyed by their email or account id (sign-in, sign-up, reset…): deleted. */
export const rateLimitsPart: PrivacyPart = {
  name: "rateLimits",
  eraseFor: async (tx, { email, userId }) => {
    const keys = userId ? [email, userId.toLowerCase()] : [email];
    await tx.delete(rateLimitHits).where(mentionsAny([rateLimitHits.key], keys));
  },
};
