import { Text } from "@react-email/text";
import { EmailLayout, paragraph } from "./layout.tsx";
import { type SubscriptionTerms, SubscriptionTermsSection } from "./subscription-terms.tsx";

export type RenewalNoticeProps = {
  name: string;
  /** Which notice: a price change or the yearly reminder of the terms (decision 046). */
  kind: "price_change" | "yearly_reminder";
  /** The notice's own words (the price change, from core/legal/auto-renewal.ts). */
  paragraphs: string[];
  terms: SubscriptionTerms;
};

const headings = {
  price_change: "The price of your subscription changes",
  yearly_reminder: "A yearly reminder of your subscription",
} as const;

/** An automatic-renewal notice: what changes (if anything), then the terms and the cancel link. */
export function RenewalNotice({ name, kind, paragraphs, terms }: RenewalNoticeProps) {
  return (
    <EmailLayout preview={headings[kind]} heading={headings[kind]}>
      <Text style={paragraph}>
        Hi {name}, {kind === "yearly_reminder" ? "you have a monthly subscription with us." : ""}
      </Text>
      {paragraphs.map((text) => (
        <Text key={text} style={paragraph}>
          {text}
        </Text>
      ))}
      <SubscriptionTermsSection {...terms} />
    </EmailLayout>
  );
}
