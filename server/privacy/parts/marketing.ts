import { marketingContacts } from "../../db/schema/index.ts";
import { forgetMarketingAddress } from "../../marketing/contacts.ts";
import { sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * Marketing consent (decision 048): exported as its status and times. Erasure drops the address;
 * an opt-out stays as a keyed hash only, so the erased address is still never mailed marketing.
 */
export const marketingPart: PrivacyPart = {
  name: "marketing",
  exportFor: async (db, { email }) => {
    const [row] = await db.select().from(marketingContacts).where(sameEmail(marketingContacts.email, email));
    if (!row) return null;
    const { status, source, consentText, consentedAt, confirmedAt, unsubscribedAt } = row;
    return { status, source, consentText, consentedAt, confirmedAt, unsubscribedAt };
  },
  eraseFor: async (tx, { email }, { linkSecret }) => {
    await forgetMarketingAddress(tx, linkSecret, email);
  },
};
