import { contactMessages } from "../../db/schema/index.ts";
import { sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/** Messages sent through the contact form with their email: exported, deleted. */
export const contactMessagesPart: PrivacyPart = {
  name: "contactMessages",
  exportFor: (db, { email }) =>
    db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(sameEmail(contactMessages.email, email)),
  eraseFor: async (tx, { email }) => {
    await tx.delete(contactMessages).where(sameEmail(contactMessages.email, email));
  },
};
