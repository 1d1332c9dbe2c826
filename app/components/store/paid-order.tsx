import { Fragment } from "react";
import { DEFAULT_PRODUCT_IMAGE } from "~core/catalog/images.ts";
import type { OrderLine } from "~core/orders/order-line.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { type OrderTotals, orderChargeRows, orderTotalsOf } from "~core/pricing/order-charges.ts";

/** A new subscription as the success page announces it: when it charges next, where it is managed. */
export type StartedSubscription = { id: string; nextChargeAt: string | null };

/** What the return pages and My Orders show of an order (serialisable loader data). */
export type PaidOrder = Required<OrderTotals> & {
  id: string;
  number: number | null;
  purchaseType: "one_time" | "subscription";
  paymentMethod: "card" | "paypal";
  items: Omit<OrderLine, "unitPriceCents">[];
  /** Set on the return page of a subscription's first order. */
  subscription?: StartedSubscription | null;
};

export const itemCount = (order: Pick<PaidOrder, "items">) =>
  order.items.reduce((sum, item) => sum + item.quantity, 0);

export function toPaidOrder(
  order: Omit<PaidOrder, "subscription">,
  subscription: StartedSubscription | null = null,
): PaidOrder {
  const { id, number, purchaseType, paymentMethod, items } = order;
  return {
    id,
    number,
    purchaseType,
    paymentMethod,
    ...orderTotalsOf(order),
    subscription,
    items: items.map(({ id, name, weight, quantity, lineTotalCents, imageUrl }) => ({
      id,
      name,
      weight,
      quantity,
      lineTotalCents,
      imageUrl,
    })),
  };
}

/** The order card of the return pages: short id, item count, payment, coupon, items, total. */
export function PaidOrderCard({ order }: { order: PaidOrder }) {
  return (
    <section aria-labelledby="order-card-title" className="w-full rounded-lg border bg-card p-5 text-left">
      <h2 id="order-card-title" className="font-display text-xl font-semibold">
        Order #{orderLabel(order)}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">Items</dt>
        <dd>{itemCount(order)}</dd>
        <dt className="text-muted-foreground">Payment method</dt>
        <dd>{order.paymentMethod === "paypal" ? "PayPal" : "Card"}</dd>
        {order.purchaseType === "subscription" && (
          <>
            <dt className="text-muted-foreground">Purchase</dt>
            <dd>Monthly subscription</dd>
          </>
        )}
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd>{formatMoney(order.subtotalCents)}</dd>
        {/* The same lines as the order page and the email: they add up to the charge. */}
        {orderChargeRows(order).map((row) => (
          <Fragment key={row.label}>
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold">Total</dt>
        <dd className="font-semibold">{formatMoney(order.totalCents)}</dd>
      </dl>
      <h3 className="mt-5 mb-2 font-semibold">Items Ordered</h3>
      <ul className="flex flex-col gap-3">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 text-sm">
            <img
              src={item.imageUrl ?? DEFAULT_PRODUCT_IMAGE.src}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded-md border object-cover"
            />
            <span className="flex-1">
              {item.name}
              <span className="block text-muted-foreground">
                {item.weight} · Qty {item.quantity}
              </span>
            </span>
            <span>{formatMoney(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
