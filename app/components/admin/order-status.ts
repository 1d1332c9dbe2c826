import type { BadgeVariant } from "~/components/ui/badge.tsx";

export const orderStatuses = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export { statusLabel } from "~core/orders/order-status-change.ts";

export const statusBadge: Record<OrderStatus, BadgeVariant> = {
  pending: "warning",
  processing: "secondary",
  shipped: "outline",
  delivered: "success",
  cancelled: "destructive",
};
