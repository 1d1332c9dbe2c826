import { brand } from "../../../core/brand.ts";
import { ActionLinkEmail } from "./action-link.tsx";

/** `name` only for a verified account: an unverified one's name was typed by whoever signed up. */
export type ResetPasswordProps = { name?: string; url: string };

export function ResetPassword({ name, url }: ResetPasswordProps) {
  return (
    <ActionLinkEmail
      preview={`Reset your ${brand.name} password`}
      heading="Reset your password"
      name={name}
      intro="We received a request to reset the password of your account. The link works once and expires in 1 hour."
      buttonLabel="Reset Password"
      url={url}
      ignoreNote="If you did not ask for this, you can ignore this email: your password stays the same."
    />
  );
}
