import { brand } from "../../../core/brand.ts";
import { ActionLinkEmail } from "./action-link.tsx";

/**
 * No name: whoever signs up types both the address and the name, so the name would be a
 * stranger's text in a stranger's inbox until the link is followed (decision 051).
 */
export type VerifyEmailProps = { url: string };

export function VerifyEmail({ url }: VerifyEmailProps) {
  return (
    <ActionLinkEmail
      preview={`Confirm your email address for ${brand.name}`}
      heading="Verify your email address"
      intro="Thanks for creating an account. Please confirm that this is your email address to finish setting it up."
      buttonLabel="Verify Email"
      url={url}
      ignoreNote="If you did not sign up, you can ignore this email."
    />
  );
}
