import { Text } from "@react-email/text";
import { formatMoney } from "../../../core/pricing/money.ts";
import { EmailLayout, paragraph } from "./layout.tsx";

export type SubscriptionRenewalProps = {
  name: string;
  shortId: string;
  totalCents: number;
  nextRenewal: string;
};

/** Sent for each monthly renewal: the new paid order and when the next one comes. */
export function SubscriptionRenewal({ name, shortId, totalCents, nextRenewal }: SubscriptionRenewalProps) {
  return (
    <EmailLayout preview={`Subscription renewed: order #${shortId}`} heading="Your subscription renewed">
      <Text style={paragraph}>
        Hi {name}, your monthly subscription renewed as order #{shortId} for {formatMoney(totalCents)}. We
        will ship it soon.
      </Text>
      <Text style={paragraph}>Next renewal: {nextRenewal}. You can cancel anytime from your account.</Text>
    </EmailLayout>
  );
}
