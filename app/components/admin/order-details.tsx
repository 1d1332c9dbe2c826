import { Fragment } from "react";
import { Link } from "react-router";
import { RefundBadge } from "~/components/store/refund-badge.tsx";
import { TrackingLink } from "~/components/store/tracking-link.tsx";
import { type PlainColumn, PlainTable } from "~/components/ui/plain-table.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import type { OrderLine } from "~core/orders/order-line.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { trackingInfo } from "~core/orders/shipment.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { type ShippingAndTax, shippingAndTaxRows } from "~core/pricing/order-charges.ts";
import type { ShippingAddress } from "~server/db/schema/orders.ts";
import { statusLabel } from "./order-status.ts";

export type OrderDetailsData = {
  id: string;
  /** The short order number (#1001); null only for an order never paid. */
  number: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  shippingAddress: ShippingAddress | null;
  status: string;
  purchaseType: string;
  subtotalCents: number;
  volumeDiscountCents: number;
  subscriptionDiscountCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  /** What refunds gave back (the Refunded / Partially refunded badge). */
  refundedCents?: number;
  createdAt: Date | string;
  items: Omit<OrderLine, "imageUrl">[];
  /** Tracking (decision 038); absent until the order has shipped. */
  carrier?: string | null;
  carrierName?: string | null;
  trackingNumber?: string | null;
} & ShippingAndTax;

const adminItemColumns: PlainColumn<OrderDetailsData["items"][number]>[] = [
  { header: "Item", cell: (item) => item.name || "Unknown Item" },
  { header: "Weight", cell: (item) => item.weight },
  { header: "Qty", end: true, cell: (item) => item.quantity },
  { header: "Price", end: true, cell: (item) => formatMoney(item.unitPriceCents) },
  { header: "Total", end: true, cell: (item) => formatMoney(item.lineTotalCents) },
];

export function addressLines(a: ShippingAddress | null): string[] {
  if (!a) return [];
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter((l): l is string =>
    Boolean(l?.trim()),
  );
}

/** A packing slip's items: what is in the parcel, without prices. */
const slipItemColumns = adminItemColumns.slice(0, 3);

/**
 * Customer, address, items and totals of one order: the detail dialog and the packing slip share
 * it. `prices` false (a packing slip by default) leaves out the prices and totals: the parcel
 * may be a gift.
 */
export function OrderDetails({ order, prices = true }: { order: OrderDetailsData; prices?: boolean }) {
  return (
    <div className="flex flex-col gap-5 text-sm">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Detail term="Order">#{orderLabel(order)}</Detail>
        <Detail term="Placed">{formatDateTime(order.createdAt)}</Detail>
        <Detail term="Customer">{order.name || "—"}</Detail>
        <Detail term="Status">
          {statusLabel(order.status)}{" "}
          <RefundBadge order={{ refundedCents: order.refundedCents ?? 0, totalCents: order.totalCents }} />
        </Detail>
        <Detail term="Email">{order.email || "—"}</Detail>
        <Detail term="Phone">{order.phone || "—"}</Detail>
        <ShipmentDetail order={order} />
        <Detail term="Ship to" wide>
          {order.shippingAddress && order.name && <span className="block font-medium">{order.name}</span>}
          {addressLines(order.shippingAddress).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          {!order.shippingAddress && "—"}
        </Detail>
      </dl>
      <PlainTable
        caption="Items"
        columns={prices ? adminItemColumns : slipItemColumns}
        rows={order.items}
        headClassName="print:text-black"
      />
      {prices && <OrderTotals order={order} />}
    </div>
  );
}

function OrderTotals({ order }: { order: OrderDetailsData }) {
  return (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-y-1">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatMoney(order.subtotalCents)}</dd>
      {order.volumeDiscountCents > 0 && (
        <>
          <dt>Volume saving</dt>
          <dd className="text-right">−{formatMoney(order.volumeDiscountCents)}</dd>
        </>
      )}
      {order.subscriptionDiscountCents > 0 && (
        <>
          <dt>Subscription discount</dt>
          <dd className="text-right">−{formatMoney(order.subscriptionDiscountCents)}</dd>
        </>
      )}
      {order.couponDiscountCents > 0 && (
        <>
          <dt>Coupon {order.couponCode}</dt>
          <dd className="text-right">−{formatMoney(order.couponDiscountCents)}</dd>
        </>
      )}
      {shippingAndTaxRows(order)
        .filter((charge) => charge.cents > 0)
        .map((charge) => (
          <Fragment key={charge.label}>
            <dt>{charge.label}</dt>
            <dd className="text-right">{charge.value}</dd>
          </Fragment>
        ))}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold">{formatMoney(order.totalCents)}</dd>
    </dl>
  );
}

/** The carrier and tracking link, with the action to add or correct them (not printed). */
function ShipmentDetail({ order }: { order: OrderDetailsData }) {
  const tracking = trackingInfo({
    carrier: order.carrier ?? null,
    carrierName: order.carrierName ?? null,
    trackingNumber: order.trackingNumber ?? null,
  });
  return (
    <Detail term="Tracking" wide>
      {tracking ? <TrackingLink tracking={tracking} /> : "—"}{" "}
      <Link
        to={`/admin/orders/${order.id}/ship`}
        className="ml-2 text-primary underline-offset-4 hover:underline print:hidden"
      >
        {tracking ? "Edit tracking" : "Ship with tracking"}
        <span className="sr-only"> for order #{orderLabel(order)}</span>
      </Link>
    </Detail>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs text-muted-foreground uppercase print:text-black">{term}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
