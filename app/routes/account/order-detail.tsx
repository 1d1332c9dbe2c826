import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { addressLines } from "~/components/admin/order-details.tsx";
import { OrderStatusBadge, orderDateFormat } from "~/components/store/order-status-badge.tsx";
import { brand } from "~core/brand.ts";
import { formatMoney } from "~core/money.ts";
import { shippingAndTaxRows } from "~core/order-charges.ts";
import { requireUser } from "~server/auth/session.ts";
import { getCustomerOrder, type OrderView } from "~server/orders/customer-orders.ts";
import type { Route } from "./+types/order-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    { title: order ? `Order #${order.id.slice(0, 8)} | ${brand.name}` : `Order not found | ${brand.name}` },
  ];
}

/**
 * One of the signed-in customer's own paid orders. Anyone else's order, an unpaid one or a made-up
 * id is the same 404, so the page never tells whether an order id exists.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await getCustomerOrder(context.database.db, user.id, params.orderId);
  if (!order) return data({ order: null }, { status: 404 });
  return { order: toOrderPage(order) };
}

function toOrderPage(order: OrderView) {
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    purchaseType: order.purchaseType,
    paymentMethod: order.paymentMethod,
    name: order.name,
    address: addressLines(order.shippingAddress ?? null),
    subtotalCents: order.subtotalCents,
    volumeDiscountCents: order.volumeDiscountCents,
    subscriptionDiscountCents: order.subscriptionDiscountCents,
    couponCode: order.couponCode,
    couponDiscountCents: order.couponDiscountCents,
    shippingCents: order.shippingCents,
    shippingRateName: order.shippingRateName,
    taxCents: order.taxCents,
    taxBasisPoints: order.taxBasisPoints,
    taxState: order.taxState,
    totalCents: order.totalCents,
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

type OrderPage = ReturnType<typeof toOrderPage>;

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <Link
        to="/orders"
        className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My Orders
      </Link>
      {order ? <OrderSummary order={order} /> : <NotFound />}
    </div>
  );
}

function NotFound() {
  return (
    <div className="mt-8 rounded-lg border bg-card px-6 py-16 text-center">
      <h1 className="font-display text-3xl font-semibold">Order not found</h1>
      <p className="mt-2 text-muted-foreground">This order is not in your account.</p>
    </div>
  );
}

function OrderSummary({ order }: { order: OrderPage }) {
  return (
    <article aria-labelledby="order-title" className="mt-6 flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="order-title" className="font-display text-4xl font-semibold text-primary">
            Order #{order.id.slice(0, 8)}
          </h1>
          <p className="text-sm text-muted-foreground">
            Placed <time dateTime={order.createdAt}>{orderDateFormat.format(new Date(order.createdAt))}</time>
            {order.purchaseType === "subscription" && " · Monthly subscription"}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <OrderItems items={order.items} />
      <OrderTotals order={order} />
      <dl className="grid gap-1 rounded-lg border bg-card p-5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Payment</dt>
        <dd>{order.paymentMethod === "paypal" ? "PayPal" : "Card"}</dd>
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

function OrderItems({ items }: { items: OrderPage["items"] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Items</caption>
      <thead className="border-b text-left text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Price
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className="border-b">
            <td className="py-2">
              {item.name}
              {item.variantTitle && ` (${item.variantTitle})`}
              {item.sku && <span className="block text-xs text-muted-foreground">SKU {item.sku}</span>}
            </td>
            <td className="py-2 text-right">{formatMoney(item.unitPriceCents)}</td>
            <td className="py-2 text-right">{item.quantity}</td>
            <td className="py-2 text-right">{formatMoney(item.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The money as it was charged: every discount that applied, shipping and the total. */
function OrderTotals({ order }: { order: OrderPage }) {
  const rows: [string, string][] = [["Subtotal", formatMoney(order.subtotalCents)]];
  if (order.volumeDiscountCents > 0)
    rows.push(["Volume saving", `-${formatMoney(order.volumeDiscountCents)}`]);
  if (order.subscriptionDiscountCents > 0)
    rows.push(["Subscription discount", `-${formatMoney(order.subscriptionDiscountCents)}`]);
  if (order.couponCode)
    rows.push([`Coupon ${order.couponCode}`, `-${formatMoney(order.couponDiscountCents)}`]);
  for (const charge of shippingAndTaxRows(order)) rows.push([charge.label, charge.value]);
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
