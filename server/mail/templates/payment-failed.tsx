import { Button, Link, Text } from "@react-email/components";
import { formatMoney } from "../../../core/money.ts";
import { buttonStyle, EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type PaymentFailedProps = {
  name: string;
  amountCents: number;
  /** Where the customer updates the card and pays (the provider's hosted invoice page). */
  payUrl: string | null;
  /** The customer's account page (orders and subscriptions). */
  accountUrl: string;
};

/** Sent when a subscription renewal charge fails; the provider retries it. */
export function PaymentFailed({ name, amountCents, payUrl, accountUrl }: PaymentFailedProps) {
  return (
    <EmailLayout preview="Your subscription payment failed" heading="We couldn't take your payment">
      <Text style={paragraph}>
        Hi {name}, the {formatMoney(amountCents)} payment for your monthly subscription did not go through. We
        will try again over the next few days; to keep your subscription running, please update your card.
      </Text>
      {payUrl ? (
        <Button href={payUrl} style={buttonStyle}>
          Update payment
        </Button>
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
