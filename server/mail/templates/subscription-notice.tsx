import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import { buttonStyle, EmailLayout, paragraph } from "./layout.tsx";

export type SubscriptionNoticeProps = {
  name: string;
  heading: string;
  /** The sentences of the notice, written by server/subscriptions/notices.ts. */
  paragraphs: string[];
  /** Where the subscriber manages (or cancels) it. */
  manageUrl: string;
  manageLabel: string;
};

/** A self-service change (skip, pause, resume, items, cancel) or a renewal reminder (decision 042). */
export function SubscriptionNotice({
  name,
  heading,
  paragraphs,
  manageUrl,
  manageLabel,
}: SubscriptionNoticeProps) {
  return (
    <EmailLayout preview={heading} heading={heading}>
      <Text style={paragraph}>Hi {name},</Text>
      {paragraphs.map((text) => (
        <Text key={text} style={paragraph}>
          {text}
        </Text>
      ))}
      <Button href={manageUrl} style={buttonStyle}>
        {manageLabel}
      </Button>
    </EmailLayout>
  );
}
