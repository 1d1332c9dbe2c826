import { brand } from "../../../core/brand.ts";
import { ActionLinkEmail } from "./action-link.tsx";

export type VerifyEmailProps = { name: string; url: string };

export function VerifyEmail({ name, url }: VerifyEmailProps) {
  return (
    <ActionLinkEmail
      preview={`Confirm your email address for ${brand.name}`}
      heading="Verify your email address"
      name={name}
      intro="Thanks for creating an account. Please confirm that this is your email address to finish setting it up."
      buttonLabel="Verify Email"
      url={url}
      ignoreNote="If you did not sign up, you can ignore this email."
    />
  );
}
