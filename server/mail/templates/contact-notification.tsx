import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type ContactNotificationProps = { name: string; email: string; phone: string; message: string };

const label = { ...paragraph, color: emailColors.muted, fontSize: "13px", margin: "0 0 4px" };

/** Tells the shop's inbox about a new contact-form message. */
export function ContactNotification({ name, email, phone, message }: ContactNotificationProps) {
  return (
    <EmailLayout preview={`New message from ${name}`} heading="New contact message">
      <Text style={label}>From</Text>
      <Text style={paragraph}>
        {name} ·{" "}
        <Link href={`mailto:${email}`} style={linkStyle}>
          {email}
        </Link>{" "}
        · {phone}
      </Text>
      <Text style={label}>Message</Text>
      <Text style={{ ...paragraph, whiteSpace: "pre-wrap" }}>{message}</Text>
    </EmailLayout>
  );
}
