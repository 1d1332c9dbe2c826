import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { OrderLine } from "../../../core/orders/order-line.ts";
import { EmailLayout, linkStyle, paragraph } from "./layout.tsx";

export type OrderShippedProps = {
  name: string;
  shortId: string;
  items: Pick<OrderLine, "name" | "quantity">[];
  /** Absent in emails queued before tracking (decision 038). */
  carrier?: string;
  trackingNumber?: string;
  /** The carrier's tracking page; null for a carrier without a known page. */
  trackingUrl?: string | null;
};

/** Sent once when an admin marks a paid order shipped, with the carrier and tracking link. */
export function OrderShipped({
  name,
  shortId,
  items,
  carrier,
  trackingNumber,
  trackingUrl,
}: OrderShippedProps) {
  return (
    <EmailLayout preview={`Order #${shortId} has shipped`} heading="Your order is on its way">
      <Text style={paragraph}>
        Hi {name}, order #{shortId} has shipped:{" "}
        {items.map((item) => `${item.name} × ${item.quantity}`).join(", ")}.
      </Text>
      {carrier && trackingNumber && (
        <Text style={paragraph}>
          Carrier: {carrier} · Tracking number: {trackingNumber}
          {trackingUrl && (
            <>
              <br />
              <Link href={trackingUrl} style={linkStyle}>
                Track your parcel: {trackingUrl}
              </Link>
            </>
          )}
        </Text>
      )}
      <Text style={paragraph}>It should arrive within a few business days.</Text>
    </EmailLayout>
  );
}
