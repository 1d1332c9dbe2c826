import { z } from "zod";
import { phoneSchema } from "../../core/text/phone.ts";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { sendContactNotification } from "../mail/contact.ts";
import type { Mailer } from "../mail/mailer.ts";

/** The contact form: all four fields required, the email and phone in a valid format. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(200, "Please use at most 200 characters"),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email")
    .max(320, "Please use at most 320 characters")
    .pipe(z.email("Please enter a valid email address")),
  phone: phoneSchema("Please enter your phone number"),
  message: z.string().trim().min(1, "Please enter a message").max(5000, "Please use at most 5000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores the message, then emails the shop's inbox through the mail module. The message is what
 * matters (admins read it under Contacts), so a failed notification is logged, not shown.
 */
export async function submitContactMessage(
  db: Db,
  mail: { mailer: Mailer; log: Logger; inbox: string },
  input: ContactInput,
): Promise<ContactMessage> {
  const [message] = await db.insert(contactMessages).values(input).returning();
  try {
    await sendContactNotification(mail.mailer, mail.inbox, input);
  } catch (error) {
    mail.log.error({ err: error, contactId: message!.id }, "contact notification not queued");
  }
  return message!;
}
