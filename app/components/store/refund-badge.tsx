import { Badge } from "~/components/ui/badge.tsx";
import { refundState, refundStateLabel } from "~core/orders/refunds.ts";

/** "Refunded" / "Partially refunded" beside an order's status; nothing while nothing was refunded. */
export function RefundBadge({ order }: { order: { refundedCents: number; totalCents: number } }) {
  const state = refundState(order);
  if (!state) return null;
  return <Badge variant={state === "refunded" ? "destructive" : "warning"}>{refundStateLabel[state]}</Badge>;
}
