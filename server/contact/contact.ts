import { z } from "zod";
import type { Db } from "../db/client.ts";
import { contactMessages, mailOutbox } from "../db/schema/index.ts";

/** The contact form: all four fields required, the email in a valid format. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name").max(200, "Please use at most 200 characters"),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email")
    .max(320, "Please use at most 320 characters")
    .pipe(z.email("Please enter a valid email address")),
  phone: z
    .string()
    .trim()
    .min(1, "Please enter your phone number")
    .max(50, "Please use at most 50 characters"),
  message: z.string().trim().min(1, "Please enter a message").max(5000, "Please use at most 5000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactMessage = typeof contactMessages.$inferSelect;

/** Stores the message and queues the notification to the shop's inbox, both or neither. */
export async function submitContactMessage(
  db: Db,
  input: ContactInput,
  inbox: string,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [message] = await tx.insert(contactMessages).values(input).returning();
    await queueContactNotification(tx, message!, inbox);
    return message!;
  });
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/**
 * Puts the "new contact message" email for the shop's inbox into the outbox (status 'stored').
 * Kept this small on purpose: it moves to the mail module, which sends through SMTP when set.
 */
export async function queueContactNotification(db: Db, message: ContactMessage, inbox: string) {
  const fields: [string, string][] = [
    ["Name", message.name],
    ["Email", message.email],
    ["Phone", message.phone],
  ];
  const text = [...fields.map(([k, v]) => `${k}: ${v}`), "", message.message].join("\n");
  const html = [
    "<h1>New contact message</h1>",
    "<table>",
    ...fields.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    "</table>",
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join("\n");
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: inbox,
      // Header injection is impossible (the mail module encodes headers), but keep the subject one line.
      subject: `New contact message from ${message.name.replace(/[\r\n]+/g, " ")}`,
      html,
      text,
      template: "contact-notification",
      status: "stored",
    })
    .returning();
  return row!;
}
