import { marketingUnsubscribes } from "../../db/schema/index.ts";
import { sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * Marketing consent as it exists today: the opt-out from reminder emails. Exported as a yes/no;
 * the opt-out row holds the email, so it is deleted (the account and its carts are gone too, so
 * nothing is left to send reminders about).
 */
export const marketingPart: PrivacyPart = {
  name: "marketing",
  exportFor: async (db, { email }) => {
    const [row] = await db
      .select()
      .from(marketingUnsubscribes)
      .where(sameEmail(marketingUnsubscribes.email, email));
    return { unsubscribedFromMarketingEmail: Boolean(row), since: row?.createdAt ?? null };
  },
  eraseFor: async (tx, { email }) => {
    await tx.delete(marketingUnsubscribes).where(sameEmail(marketingUnsubscribes.email, email));
  },
};
