import { brand } from "../../../core/brand.ts";
import { ActionLinkEmail } from "./action-link.tsx";

export type CreatorSetPasswordProps = { name: string; url: string };

/** An imported content creator's first password (docs/migrating.md). */
export function CreatorSetPassword({ name, url }: CreatorSetPasswordProps) {
  return (
    <ActionLinkEmail
      preview={`Set your ${brand.name} creator portal password`}
      heading="Set your creator portal password"
      name={name}
      intro={`${brand.name} has a new shop. Your creator account, coupons and commissions came along; choose a password to sign in to the creator portal. The link works once and expires in 14 days.`}
      buttonLabel="Set Password"
      url={url}
      ignoreNote="If you are not a creator with us, you can ignore this email."
    />
  );
}
