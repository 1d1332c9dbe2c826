import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type * as React from "react";
import { brand } from "../../../core/brand.ts";
import { marketingFooterLines } from "../../../core/legal/marketing.ts";

/** The brand's look in email: dark page, gold accents, cream text (inline styles: mail clients ignore CSS files). */
export const emailColors = {
  page: "#0c0a07",
  card: "#16130e",
  border: "#3d3528",
  text: "#f3ead5",
  muted: "#b3a68c",
  gold: "#d6a945",
  onGold: "#17120a",
} as const;

export const paragraph: React.CSSProperties = {
  color: emailColors.text,
  fontSize: "15px",
  lineHeight: "24px",
  margin: "0 0 16px",
};

export const buttonStyle: React.CSSProperties = {
  backgroundColor: emailColors.gold,
  borderRadius: "8px",
  color: emailColors.onGold,
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 600,
  padding: "12px 24px",
  textDecoration: "none",
};

/** What every marketing email carries (CAN-SPAM): an opt-out link and the shop's postal address. */
export type MarketingFooter = { unsubscribeUrl: string; postalAddress: string };

export type EmailLayoutProps = {
  preview: string;
  heading: string;
  children: React.ReactNode;
  /** Set on marketing email only (server/marketing/marketing-email.ts supplies it). */
  marketing?: MarketingFooter;
};

const footerText: React.CSSProperties = {
  color: emailColors.muted,
  fontSize: "12px",
  lineHeight: "18px",
  margin: 0,
};

/** Every email shares this frame: brand name, heading, content, and a footer with the support address. */
export function EmailLayout({ preview, heading, children, marketing }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: emailColors.page,
          fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container
          style={{
            backgroundColor: emailColors.card,
            border: `1px solid ${emailColors.border}`,
            borderRadius: "12px",
            maxWidth: "560px",
            padding: "32px",
          }}
        >
          <Text
            style={{
              color: emailColors.gold,
              fontFamily: "Georgia, 'Times New Roman', serif",
              fontSize: "22px",
              fontWeight: 600,
              letterSpacing: "0.5px",
              margin: "0 0 24px",
            }}
          >
            {brand.name}
          </Text>
          <Heading
            as="h1"
            style={{
              color: emailColors.text,
              fontFamily: "Georgia, 'Times New Roman', serif",
              fontSize: "24px",
              margin: "0 0 16px",
            }}
          >
            {heading}
          </Heading>
          <Section>{children}</Section>
          <Hr style={{ borderColor: emailColors.border, margin: "32px 0 16px" }} />
          {marketing && <MarketingFooterText {...marketing} />}
          <Text style={footerText}>
            {brand.legalName} · {brand.office} · Questions? Write to {brand.supportEmail}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Long links (tokens) must wrap instead of widening the message. */
export const linkStyle: React.CSSProperties = { color: emailColors.gold, wordBreak: "break-all" };

/** The opt-out notice, the unsubscribe link and the postal address, above the usual footer line. */
function MarketingFooterText({ unsubscribeUrl, postalAddress }: MarketingFooter) {
  const [why, optOut, address] = marketingFooterLines(postalAddress);
  return (
    <Section style={{ marginBottom: "12px" }}>
      <Text style={{ ...footerText, marginBottom: "8px" }}>{why}</Text>
      <Text style={{ ...footerText, marginBottom: "8px" }}>
        {optOut}{" "}
        <Link href={unsubscribeUrl} style={linkStyle}>
          Unsubscribe
        </Link>
      </Text>
      <Text style={{ ...footerText, marginBottom: "8px" }}>{address}</Text>
    </Section>
  );
}
