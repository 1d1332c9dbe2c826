import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import { buttonStyle, EmailLayout, type MarketingFooter, paragraph } from "./layout.tsx";

export type AbandonedCartProps = {
  /** An account's name; empty for a guest, whose typed text never reaches the email (decision 051). */
  name: string;
  lines: { productName: string; weight: string; quantity: number }[];
  /** Signed link that puts these lines back into the reader's cart (14 days). */
  restoreUrl: string;
  /** The admin's coupon on the follow-up reminder; null on the first one. */
  couponCode: string | null;
  /** Unsubscribe link and postal address (server/marketing/marketing-email.ts). */
  marketing: MarketingFooter;
};

/** The abandoned-cart reminder (docs/abandoned-carts.md): the cart's lines, a restore link, an opt-out. */
export function AbandonedCart({ name, lines, restoreUrl, couponCode, marketing }: AbandonedCartProps) {
  return (
    <EmailLayout
      preview="Your cart is waiting for you"
      heading="You left something in your cart"
      marketing={marketing}
    >
      <Text style={paragraph}>
        {name ? `Hi ${name}, your cart still holds:` : "Hello, your cart still holds:"}
      </Text>
      <Text style={paragraph}>
        {lines.map((line) => (
          <span key={`${line.productName}-${line.weight}`}>
            {line.productName} ({line.weight}) × {line.quantity}
            <br />
          </span>
        ))}
      </Text>
      {couponCode && (
        <Text style={paragraph}>
          Use coupon <strong>{couponCode}</strong> at checkout for a discount.
        </Text>
      )}
      <Button href={restoreUrl} style={buttonStyle}>
        Return to your cart
      </Button>
    </EmailLayout>
  );
}
