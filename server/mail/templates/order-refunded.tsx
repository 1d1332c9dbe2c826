import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatMoney } from "../../../core/pricing/money.ts";
import { EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type OrderRefundedProps = {
  name: string;
  orderNumber: string;
  amountCents: number;
  /** What has been refunded on the order so far, this refund included. */
  refundedCents: number;
  totalCents: number;
  /** The customer's page of the order. */
  orderUrl: string;
};

/** Sent once per refund (the outbox's dedupe key is the refund's id). */
export function OrderRefunded({
  name,
  orderNumber,
  amountCents,
  refundedCents,
  totalCents,
  orderUrl,
}: OrderRefundedProps) {
  const whole = refundedCents >= totalCents;
  return (
    <EmailLayout
      preview={`Refund of ${formatMoney(amountCents)} for order #${orderNumber}`}
      heading="Your refund"
    >
      <Text style={paragraph}>
        Hi {name}, we have refunded {formatMoney(amountCents)} for your order #{orderNumber} to the payment
        method you used. It usually shows on your statement within 5–10 business days.
      </Text>
      <Text style={paragraph}>
        {whole
          ? `Your order of ${formatMoney(totalCents)} is now fully refunded.`
          : `Refunded so far: ${formatMoney(refundedCents)} of ${formatMoney(totalCents)}.`}
      </Text>
      <Text style={{ ...paragraph, color: emailColors.muted, fontSize: "13px", marginTop: "24px" }}>
        Your order:{" "}
        <Link href={orderUrl} style={linkStyle}>
          {orderUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
