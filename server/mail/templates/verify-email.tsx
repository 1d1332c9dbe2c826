import { Button, Link, Text } from "@react-email/components";
import { brand } from "../../../app/lib/brand.ts";
import { buttonStyle, EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type VerifyEmailProps = { name: string; url: string };

export function VerifyEmail({ name, url }: VerifyEmailProps) {
  return (
    <EmailLayout preview={`Confirm your email address for ${brand.name}`} heading="Verify your email address">
      <Text style={paragraph}>Hi {name},</Text>
      <Text style={paragraph}>
        Thanks for creating an account. Please confirm that this is your email address to finish setting it
        up.
      </Text>
      <Button href={url} style={buttonStyle}>
        Verify Email
      </Button>
      <Text style={{ ...paragraph, color: emailColors.muted, fontSize: "13px", marginTop: "24px" }}>
        Or open this link:{" "}
        <Link href={url} style={linkStyle}>
          {url}
        </Link>
        <br />
        If you did not sign up, you can ignore this email.
      </Text>
    </EmailLayout>
  );
}
