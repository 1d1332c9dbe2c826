import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { brand } from "../../../core/brand.ts";
import { buttonStyle, EmailLayout, linkStyle, type MarketingFooter, paragraph } from "./layout.tsx";

export type ReviewInvitationProps = {
  name: string;
  shortId: string;
  /** Each product of the order with the absolute link to its review form. */
  products: { name: string; url: string }[];
  /** Unsubscribe link and postal address (server/marketing/marketing-email.ts): the invitation is marketing. */
  marketing: MarketingFooter;
};

/** Sent once per order after it was delivered: a link to each product's review form. */
export function ReviewInvitation({ name, shortId, products, marketing }: ReviewInvitationProps) {
  const [first] = products;
  return (
    <EmailLayout
      preview={`How was your order #${shortId}?`}
      heading="How was your order?"
      marketing={marketing}
    >
      <Text style={paragraph}>Hi {name},</Text>
      <Text style={paragraph}>
        Your order #{shortId} has arrived. Would you tell other customers what you think? Your review is
        marked "Verified purchase" on {brand.name}.
      </Text>
      {first && (
        <Button href={first.url} style={buttonStyle}>
          Write a review
        </Button>
      )}
      {products.map((product) => (
        <Text key={product.url} style={paragraph}>
          {product.name}:{" "}
          <Link href={product.url} style={linkStyle}>
            {product.url}
          </Link>
        </Text>
      ))}
    </EmailLayout>
  );
}
