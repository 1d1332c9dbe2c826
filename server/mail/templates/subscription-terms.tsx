import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { emailColors, linkStyle, paragraph } from "./layout.tsx";

/** A subscription's automatic-renewal terms and its one-click cancel link (core/legal/auto-renewal.ts). */
export type SubscriptionTerms = { paragraphs: string[]; cancelUrl: string };

const box = { borderTop: `1px solid ${emailColors.border}`, marginTop: "16px", paddingTop: "16px" };

/** The terms as a section of an email: each paragraph, then the cancel link as a link and as text. */
export function SubscriptionTermsSection({ paragraphs, cancelUrl }: SubscriptionTerms) {
  return (
    <Section style={box}>
      <Text style={{ ...paragraph, fontWeight: 600 }}>Your subscription terms</Text>
      {paragraphs.map((text) => (
        <Text key={text} style={paragraph}>
          {text}
        </Text>
      ))}
      <Text style={paragraph}>
        Cancel your subscription:{" "}
        <Link href={cancelUrl} style={linkStyle}>
          {cancelUrl}
        </Link>
      </Text>
    </Section>
  );
}
