import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type * as React from "react";
import { buttonStyle, EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

type ActionLinkEmailProps = {
  preview: string;
  heading: string;
  /**
   * Greets the reader by name; only a name the reader proved is theirs (a verified account's).
   * Without one the email says "Hello," — never text a visitor typed for an unproven address.
   */
  name?: string;
  intro: React.ReactNode;
  buttonLabel: string;
  url: string;
  /** Why the reader may ignore the email when it was not them. */
  ignoreNote: string;
};

/** An email whose point is one link (verify, reset …): the button, plus the link as text for clients that hide buttons. */
export function ActionLinkEmail({
  preview,
  heading,
  name,
  intro,
  buttonLabel,
  url,
  ignoreNote,
}: ActionLinkEmailProps) {
  return (
    <EmailLayout preview={preview} heading={heading}>
      <Text style={paragraph}>{name ? `Hi ${name},` : "Hello,"}</Text>
      <Text style={paragraph}>{intro}</Text>
      <Button href={url} style={buttonStyle}>
        {buttonLabel}
      </Button>
      <Text style={{ ...paragraph, color: emailColors.muted, fontSize: "13px", marginTop: "24px" }}>
        Or open this link:{" "}
        <Link href={url} style={linkStyle}>
          {url}
        </Link>
        <br />
        {ignoreNote}
      </Text>
    </EmailLayout>
  );
}
