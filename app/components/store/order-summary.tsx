import { addressLines } from "~/components/admin/order-details.tsx";
import { OrderStatusBadge, orderDateFormat } from "~/components/store/order-status-badge.tsx";
import { RefundBadge } from "~/components/store/refund-badge.tsx";
import { TrackingLink } from "~/components/store/tracking-link.tsx";
import { type PlainColumn, PlainTable } from "~/components/ui/plain-table.tsx";
import { orderLabel } from "~core/orders/order-number.ts";
import { trackingInfo } from "~core/orders/shipment.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { orderChargeRows, orderTotalsOf } from "~core/pricing/order-charges.ts";
import type { OrderView } from "~server/orders/customer-orders.ts";

/**
 * One paid order as the customer sees it: the account's order page (/orders/{id}) and the guest's
 * status page (/order-status/{token}) show the same summary.
 */
export function toOrderPage(order: OrderView) {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    purchaseType: order.purchaseType,
    paymentMethod: order.paymentMethod,
    name: order.name,
    address: addressLines(order.shippingAddress ?? null),
    tracking: trackingInfo(order),
    ...orderTotalsOf(order),
    refundedCents: order.refundedCents,
    items: order.items.map(({ id, name, weight, sku, unitPriceCents, quantity, lineTotalCents }) => ({
      id,
      name,
      variantTitle: weight,
      sku,
      unitPriceCents,
      quantity,
      lineTotalCents,
    })),
  };
}

export type OrderPage = ReturnType<typeof toOrderPage>;

export function OrderSummary({ order }: { order: OrderPage }) {
  return (
    <article aria-labelledby="order-title" className="mt-6 flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="order-title" className="font-display text-4xl font-semibold text-primary">
            Order #{orderLabel(order)}
          </h1>
          <p className="text-sm text-muted-foreground">
            Placed <time dateTime={order.createdAt}>{orderDateFormat.format(new Date(order.createdAt))}</time>
            {order.purchaseType === "subscription" && " · Monthly subscription"}
          </p>
        </div>
        <div className="flex flex-wrap items-start justify-end gap-2">
          <OrderStatusBadge status={order.status} />
          <RefundBadge order={order} />
        </div>
      </header>
      <OrderItems items={order.items} />
      <OrderTotals order={order} />
      <dl className="grid gap-1 rounded-lg border bg-card p-5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Payment</dt>
        <dd>{order.paymentMethod === "paypal" ? "PayPal" : "Card"}</dd>
        {order.tracking && (
          <>
            <dt className="text-muted-foreground">Tracking</dt>
            <dd>
              <TrackingLink tracking={order.tracking} />
            </dd>
          </>
        )}
        {order.address.length > 0 && (
          <>
            <dt className="text-muted-foreground">Shipping to</dt>
            <dd>{[order.name, ...order.address].filter(Boolean).join(", ")}</dd>
          </>
        )}
      </dl>
    </article>
  );
}

const itemColumns: PlainColumn<OrderPage["items"][number]>[] = [
  {
    header: "Item",
    cell: (item) => (
      <>
        {item.name}
        {item.variantTitle && ` (${item.variantTitle})`}
        {item.sku && <span className="block text-xs text-muted-foreground">SKU {item.sku}</span>}
      </>
    ),
  },
  { header: "Price", end: true, cell: (item) => formatMoney(item.unitPriceCents) },
  { header: "Qty", end: true, cell: (item) => item.quantity },
  { header: "Total", end: true, cell: (item) => formatMoney(item.lineTotalCents) },
];

function OrderItems({ items }: { items: OrderPage["items"] }) {
  return <PlainTable caption="Items" columns={itemColumns} rows={items} className="text-sm" />;
}

/** The money as it was charged: every discount that applied, shipping and the total. */
function OrderTotals({ order }: { order: OrderPage }) {
  const rows: [string, string][] = [["Subtotal", formatMoney(order.subtotalCents)]];
  for (const charge of orderChargeRows(order)) rows.push([charge.label, charge.value]);
  return (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, amount]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right">{amount}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatMoney(order.totalCents)}</dd>
      </div>
    </dl>
  );
}
