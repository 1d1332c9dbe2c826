import { Text } from "@react-email/components";
import type { OrderLine } from "../../../core/order-line.ts";
import { EmailLayout, paragraph } from "./layout.tsx";

export type OrderShippedProps = {
  name: string;
  shortId: string;
  items: Pick<OrderLine, "name" | "quantity">[];
};

/** Sent once when an admin marks a paid order shipped. */
export function OrderShipped({ name, shortId, items }: OrderShippedProps) {
  return (
    <EmailLayout preview={`Order #${shortId} has shipped`} heading="Your order is on its way">
      <Text style={paragraph}>
        Hi {name}, order #{shortId} has shipped:{" "}
        {items.map((item) => `${item.name} × ${item.quantity}`).join(", ")}.
      </Text>
      <Text style={paragraph}>It should arrive within a few business days.</Text>
    </EmailLayout>
  );
}
