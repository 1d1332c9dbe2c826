import type { Mailer } from "./mailer.ts";
import type { ContactNotificationProps } from "./templates/contact-notification.tsx";

/** Notifies the shop's inbox (SHOP_INBOX) of a contact-form message; returns the outbox id. */
export function sendContactNotification(mailer: Mailer, inbox: string, contact: ContactNotificationProps) {
  return mailer.send({
    to: inbox,
    subject: `New contact message from ${contact.name}`,
    template: "contact-notification",
    props: contact,
  });
}
