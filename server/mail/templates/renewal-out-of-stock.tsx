import { Text } from "@react-email/text";
import { EmailLayout, paragraph } from "./layout.tsx";

export type RenewalOutOfStockProps = {
  name: string;
  /** The subscribed items that are out of stock ("Shilajit Resin (30g)"). */
  items: string[];
  /** skipped: nothing charged, the renewal waits a month; back_ordered: paid, ships when restocked. */
  outcome: "skipped" | "back_ordered";
};

/** A monthly renewal met items out of stock (docs/decisions/033-stock-counts.md). */
export function RenewalOutOfStock({ name, items, outcome }: RenewalOutOfStockProps) {
  const list = items.join(", ");
  return (
    <EmailLayout
      preview="Your subscription renewal is out of stock"
      heading="An item of your renewal is out of stock"
    >
      <Text style={paragraph}>
        {outcome === "skipped"
          ? `Hi ${name}, ${list} is out of stock, so we skipped this month's renewal and did not charge you. Your subscription stays active and renews next month.`
          : `Hi ${name}, ${list} is out of stock. Your renewal is paid and back-ordered: we will ship it as soon as it is back in stock.`}
      </Text>
    </EmailLayout>
  );
}
