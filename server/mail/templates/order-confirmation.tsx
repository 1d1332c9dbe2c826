import { Button } from "@react-email/button";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { OrderLine } from "../../../core/orders/order-line.ts";
import { formatMoney } from "../../../core/pricing/money.ts";
import { orderChargeRows, type ShippingAndTax } from "../../../core/pricing/order-charges.ts";
import { buttonStyle, EmailLayout, emailColors, paragraph } from "./layout.tsx";
import { type SubscriptionTerms, SubscriptionTermsSection } from "./subscription-terms.tsx";

export type OrderConfirmationProps = {
  name: string;
  shortId: string;
  purchaseType: "one_time" | "subscription";
  items: Pick<OrderLine, "name" | "weight" | "quantity" | "lineTotalCents">[];
  subtotalCents: number;
  /** Absent in emails queued before volume pricing. */
  volumeDiscountCents?: number;
  subscriptionDiscountCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  /** The order status link (decision 037); absent in emails queued before it existed. */
  statusUrl?: string;
  /** A new subscription's automatic-renewal terms and cancel link (decision 046). */
  subscriptionTerms?: SubscriptionTerms;
} & ShippingAndTax;

const row = { ...paragraph, margin: "0 0 6px" };
const muted = { ...row, color: emailColors.muted };

/** Sent once when an order is paid: what was bought, what it cost, what happens next. */
export function OrderConfirmation(props: OrderConfirmationProps) {
  // The same lines as the success page and the order page (core/pricing/order-charges.ts).
  const lines: [string, string][] = [["Subtotal", formatMoney(props.subtotalCents)]];
  const totals = { ...props, volumeDiscountCents: props.volumeDiscountCents ?? 0 };
  for (const charge of orderChargeRows(totals)) lines.push([charge.label, charge.value]);
  return (
    <EmailLayout preview={`Order #${props.shortId} confirmed`} heading="Thank you for your order!">
      <Text style={paragraph}>
        Hi {props.name}, we received your payment for order #{props.shortId}
        {props.purchaseType === "subscription" ? " (monthly subscription)" : ""}.
      </Text>
      <Section>
        {props.items.map((item) => (
          <Text key={`${item.name}-${item.weight}`} style={row}>
            {item.name} ({item.weight}) × {item.quantity} — {formatMoney(item.lineTotalCents)}
          </Text>
        ))}
      </Section>
      <Section>
        {lines.map(([label, value]) => (
          <Text key={label} style={muted}>
            {label}: {value}
          </Text>
        ))}
        <Text style={{ ...row, fontWeight: 600 }}>Total: {formatMoney(props.totalCents)}</Text>
      </Section>
      <Text style={paragraph}>
        What's next: we are preparing your order and will email you the tracking information once it ships.
      </Text>
      {props.statusUrl && (
        <Button href={props.statusUrl} style={buttonStyle}>
          View your order status
        </Button>
      )}
      {props.subscriptionTerms && <SubscriptionTermsSection {...props.subscriptionTerms} />}
    </EmailLayout>
  );
}
