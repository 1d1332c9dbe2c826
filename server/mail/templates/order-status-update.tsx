import { Text } from "@react-email/text";
import { EmailLayout, paragraph } from "./layout.tsx";

/** The statuses with their own short email (shipped has its own template, with tracking). */
export type UpdateStatus = "processing" | "delivered" | "cancelled";

export type OrderStatusUpdateProps = { name: string; shortId: string; status: UpdateStatus };

const wording: Record<UpdateStatus, { heading: string; body: (shortId: string) => string }> = {
  processing: {
    heading: "We're preparing your order",
    body: (id) => `Order #${id} is being prepared. We'll email you the tracking number once it ships.`,
  },
  delivered: {
    heading: "Your order has been delivered",
    body: (id) => `Order #${id} has been delivered. We hope you enjoy it.`,
  },
  cancelled: {
    heading: "Your order has been cancelled",
    body: (id) =>
      `Order #${id} has been cancelled. If you did not expect this, reply to this email or contact us.`,
  },
};

export function statusUpdateSubject(status: UpdateStatus, shortId: string) {
  const subjects: Record<UpdateStatus, string> = {
    processing: `Order #${shortId} is being prepared`,
    delivered: `Order #${shortId} has been delivered`,
    cancelled: `Order #${shortId} has been cancelled`,
  };
  return subjects[status];
}

/** Sent once per status when an admin moves a paid order to processing, delivered or cancelled. */
export function OrderStatusUpdate({ name, shortId, status }: OrderStatusUpdateProps) {
  const { heading, body } = wording[status];
  return (
    <EmailLayout preview={statusUpdateSubject(status, shortId)} heading={heading}>
      <Text style={paragraph}>Hi {name},</Text>
      <Text style={paragraph}>{body(shortId)}</Text>
    </EmailLayout>
  );
}
