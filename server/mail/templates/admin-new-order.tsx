import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { OrderLine } from "../../../core/orders/order-line.ts";
import { formatMoney } from "../../../core/pricing/money.ts";
import { EmailLayout, emailColors, linkStyle, paragraph } from "./layout.tsx";

export type AdminNewOrderProps = {
  shortId: string;
  customerName: string;
  customerEmail: string;
  purchaseType: "one_time" | "subscription";
  items: Pick<OrderLine, "name" | "weight" | "quantity">[];
  totalCents: number;
  /** The order in the admin's order list. */
  ordersUrl: string;
};

const label = { ...paragraph, color: emailColors.muted, fontSize: "13px", margin: "0 0 4px" };

/** Tells the shop's inbox (SHOP_INBOX) that an order was paid and is waiting to be shipped. */
export function AdminNewOrder(props: AdminNewOrderProps) {
  return (
    <EmailLayout preview={`New order #${props.shortId}`} heading={`New order #${props.shortId}`}>
      <Text style={label}>Customer</Text>
      <Text style={paragraph}>
        {props.customerName || "—"} · {props.customerEmail || "—"}
      </Text>
      <Text style={label}>{props.purchaseType === "subscription" ? "Items (subscription)" : "Items"}</Text>
      <Text style={paragraph}>
        {props.items
          .map((item) => `${item.name}${item.weight ? ` (${item.weight})` : ""} × ${item.quantity}`)
          .join(", ")}
      </Text>
      <Text style={label}>Total paid</Text>
      <Text style={paragraph}>{formatMoney(props.totalCents)}</Text>
      <Text style={paragraph}>
        It is waiting in Orders Management to be shipped:{" "}
        <Link href={props.ordersUrl} style={linkStyle}>
          {props.ordersUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
