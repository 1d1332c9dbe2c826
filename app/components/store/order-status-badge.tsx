import { Badge, type BadgeVariant } from "~/components/ui/badge.tsx";

/** Spec colours: completed (delivered) green, pending yellow, cancelled red, otherwise grey. */
function statusVariant(status: string): BadgeVariant {
  if (status === "delivered") return "success";
  if (status === "pending") return "warning";
  if (status === "cancelled") return "destructive";
  return "muted";
}

/** An order's fulfilment status as My Orders and the order page show it. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)} className="capitalize">
      {status}
    </Badge>
  );
}

export const orderDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
