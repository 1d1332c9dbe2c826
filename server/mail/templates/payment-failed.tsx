import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatMoney } from "../../../core/pricing/money.ts";
import { buttonStyle, EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type PaymentFailedProps = {
  name: string;
  amountCents: number;
  /**
   * Where the customer updates the card or account the provider charges: the subscription's page
   * (its "Update payment method" opens Stripe's billing portal) or PayPal's automatic payments.
   */
  updateUrl: string;
  /** Where the customer pays this very charge with another card (Stripe's hosted invoice page). */
  payUrl: string | null;
  /** When the provider tries again ("on June 3, 2026", "over the next few days"); null after its last retry. */
  nextRetry: string | null;
  /** The customer's account page (orders and subscriptions). */
  accountUrl: string;
};

/** Sent once per failed renewal charge (server/subscriptions/dunning.ts). */
export function PaymentFailed({
  name,
  amountCents,
  updateUrl,
  payUrl,
  nextRetry,
  accountUrl,
}: PaymentFailedProps) {
  return (
    <EmailLayout preview="Your subscription payment failed" heading="Payment failed — update your card">
      <Text style={paragraph}>
        Hi {name}, the {formatMoney(amountCents)} payment for your monthly subscription did not go through.{" "}
        {nextRetry
          ? `We will try again ${nextRetry}; to keep your subscription running, please update your card before then.`
          : "That was the last try: please update your card, or your subscription will end."}
      </Text>
      <Button href={updateUrl} style={buttonStyle}>
        Update your card
      </Button>
      {payUrl ? (
        <Text style={paragraph}>
          Or pay this charge now:{" "}
          <Link href={payUrl} style={linkStyle}>
            {payUrl}
          </Link>
        </Text>
      ) : null}
      <Text style={{ ...paragraph, color: emailColors.muted, fontSize: "13px", marginTop: "24px" }}>
        Your account:{" "}
        <Link href={accountUrl} style={linkStyle}>
          {accountUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
