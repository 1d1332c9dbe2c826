import { carrierDisplayName } from "../../../core/orders/shipment.ts";
import { formatMoney } from "../../../core/pricing/money.ts";
import type { orders } from "../../db/schema/index.ts";
import type { TimelineEvent } from "./events.ts";

type Order = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "createdAt"
  | "paidAt"
  | "totalCents"
  | "provider"
  | "paymentMethod"
  | "shippedAt"
  | "deliveredAt"
  | "carrier"
  | "carrierName"
  | "trackingNumber"
  | "status"
>;

/** What the order row itself records: placed, paid, shipped (with the tracking), delivered. */
export function orderRowEvents(order: Order): TimelineEvent[] {
  const events: TimelineEvent[] = [
    {
      id: `order:placed:${order.id}`,
      at: order.createdAt,
      kind: "placed",
      title: "Order placed",
      actor: "Customer",
    },
  ];
  if (order.paidAt)
    events.push({
      id: `order:paid:${order.id}`,
      at: order.paidAt,
      kind: "paid",
      title: `Paid ${formatMoney(order.totalCents)} by ${order.paymentMethod === "paypal" ? "PayPal" : "card"}`,
      actor: providerName(order.provider),
    });
  if (order.shippedAt)
    events.push({
      id: `order:shipped:${order.id}`,
      at: order.shippedAt,
      kind: "shipment",
      title: "Shipped",
      detail: order.trackingNumber
        ? `${order.carrier ? carrierDisplayName(order.carrier, order.carrierName) : "Carrier"}: ${order.trackingNumber}`
        : null,
    });
  if (order.deliveredAt)
    events.push({
      id: `order:delivered:${order.id}`,
      at: order.deliveredAt,
      kind: "status",
      title: "Delivered",
    });
  return events;
}

const providerName = (provider: string) =>
  ({ stripe: "Stripe", paypal: "PayPal", sandbox: "Sandbox" })[provider] ?? provider;
