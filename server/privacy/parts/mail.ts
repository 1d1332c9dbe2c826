import { and, desc, eq, or, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema/index.ts";
import { keySegmentIs, mentionsAny, sameEmail } from "../match.ts";
import { LEFT_ROWS_LISTED, type PrivacyPart } from "../part.ts";
import type { PrivacySubject } from "../subject.ts";

/**
 * The outbox: emails to them are listed in the export (subject and date). Erased, sent or not (so
 * an unsent one is never sent): every message to their exact address, every message keyed by one
 * of their orders, subscriptions or refunds (the shop's new-order notification, status emails to
 * an order's address) and the contact-form notifications carrying their email. Other messages
 * that merely mention them in text are left and listed for the admin.
 */
export const mailPart: PrivacyPart = {
  name: "emails",
  exportFor: (db, { email }) =>
    db
      .select({ subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(sameEmail(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt)),
  eraseFor: async (tx, subject) => {
    await tx.delete(mailOutbox).where(theirMail(subject));
  },
  listLeft: async (tx, { terms }) => {
    const { to, subject, text, props, headers, lastError } = mailOutbox;
    const rows = await tx
      .select({ id: mailOutbox.id, template: mailOutbox.template, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(mentionsAny([to, subject, text, props, headers, lastError], terms))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(LEFT_ROWS_LISTED);
    return rows.map((row) => ({
      table: "mail_outbox" as const,
      id: row.id,
      what: `Email "${row.template}" of ${row.createdAt.toISOString().slice(0, 10)}`,
    }));
  },
};

function theirMail({ email, orderIds, subscriptionIds, refundIds }: PrivacySubject) {
  return or(
    sameEmail(mailOutbox.to, email),
    keySegmentIs(mailOutbox.dedupeKey, [...orderIds, ...subscriptionIds, ...refundIds]),
    and(
      eq(mailOutbox.template, "contact-notification"),
      sql`lower(${mailOutbox.props}->>'email') = ${email}`,
    ),
  );
}
