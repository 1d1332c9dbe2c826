import { brand } from "../../../core/brand.ts";
import { ActionLinkEmail } from "./action-link.tsx";

export type StaffInvitationProps = {
  name: string;
  url: string;
  role: string;
  invitedBy: string;
  days: number;
};

export function StaffInvitation({ name, url, role, invitedBy, days }: StaffInvitationProps) {
  return (
    <ActionLinkEmail
      preview={`Join the ${brand.name} back office`}
      heading="You are invited to the back office"
      name={name}
      intro={`${invitedBy} invited you to the ${brand.name} back office as ${role}. Choose a password to accept; the link works once and expires in ${days} days.`}
      buttonLabel="Accept Invitation"
      url={url}
      ignoreNote="If you did not expect this, ignore this email: nothing happens without the link."
    />
  );
}
