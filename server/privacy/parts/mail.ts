import { desc, or } from "drizzle-orm";
import { mailOutbox } from "../../db/schema/index.ts";
import { mentionsAny, sameEmail } from "../match.ts";
import type { PrivacyPart } from "../part.ts";

/**
 * The outbox: emails to them are listed in the export (subject and date); every message to them
 * or mentioning them (the shop's new-order and contact notifications) is deleted, sent or not, so
 * an unsent one is never sent.
 */
export const mailPart: PrivacyPart = {
  name: "emails",
  exportFor: (db, { email }) =>
    db
      .select({ subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(sameEmail(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt)),
  eraseFor: async (tx, { email, terms }) => {
    const { to, subject, html, text, props, headers, lastError } = mailOutbox;
    await tx
      .delete(mailOutbox)
      .where(
        or(sameEmail(to, email), mentionsAny([to, subject, html, text, props, headers, lastError], terms)),
      );
  },
};
