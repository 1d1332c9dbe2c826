import { OPT_IN_EMAIL } from "../../../core/legal/marketing.ts";
import { ActionLinkEmail } from "./action-link.tsx";

export type NewsletterConfirmProps = { url: string };

/** The double opt-in request (decision 048): asked for by the reader, so not marketing itself. */
export function NewsletterConfirm({ url }: NewsletterConfirmProps) {
  return (
    <ActionLinkEmail
      preview={OPT_IN_EMAIL.subject}
      heading={OPT_IN_EMAIL.subject}
      name="there"
      intro={OPT_IN_EMAIL.body}
      buttonLabel="Confirm subscription"
      url={url}
      ignoreNote="The link works once and expires in 7 days."
    />
  );
}
