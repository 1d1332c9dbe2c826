import { Button, Link, Text } from "@react-email/components";
import { brand } from "../../../app/lib/brand.ts";
import { buttonStyle, EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type ResetPasswordProps = { name: string; url: string };

export function ResetPassword({ name, url }: ResetPasswordProps) {
  return (
    <EmailLayout preview={`Reset your ${brand.name} password`} heading="Reset your password">
      <Text style={paragraph}>Hi {name},</Text>
      <Text style={paragraph}>
        We received a request to reset the password of your account. The link works once and expires in 1
        hour.
      </Text>
      <Button href={url} style={buttonStyle}>
        Reset Password
      </Button>
      <Text style={{ ...paragraph, color: emailColors.muted, fontSize: "13px", marginTop: "24px" }}>
        Or open this link:{" "}
        <Link href={url} style={linkStyle}>
          {url}
        </Link>
        <br />
        If you did not ask for this, you can ignore this email: your password stays the same.
      </Text>
    </EmailLayout>
  );
}
