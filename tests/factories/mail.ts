import type { Db } from "../../server/db/client.ts";
import { mailOutbox } from "../../server/db/schema/index.ts";

/** A message already in the outbox (as the mailer stores it without SMTP). */
export async function createOutboxMail(db: Db, overrides: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: "customer@example.com",
      subject: "Your order",
      html: "<p>Thank you</p>",
      text: "Thank you",
      template: "test",
      status: "stored",
      ...overrides,
    })
    .returning();
  return row!;
}
