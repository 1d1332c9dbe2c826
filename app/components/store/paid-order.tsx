import { DEFAULT_PRODUCT_IMAGE } from "~core/images.ts";
import { formatMoney } from "~core/money.ts";
import type { OrderLine } from "~core/order-line.ts";

/** What the return pages and My Orders show of an order (serialisable loader data). */
export type PaidOrder = {
  id: string;
  totalCents: number;
  volumeDiscountCents: number;
  couponCode: string | null;
  couponDiscountCents: number;
  paymentMethod: "card" | "paypal";
  items: Omit<OrderLine, "unitPriceCents">[];
};

export const shortOrderId = (id: string) => id.slice(0, 8);
export const itemCount = (order: Pick<PaidOrder, "items">) =>
  order.items.reduce((sum, item) => sum + item.quantity, 0);

export function toPaidOrder(order: PaidOrder): PaidOrder {
  const { id, totalCents, volumeDiscountCents, couponCode, couponDiscountCents, paymentMethod, items } =
    order;
  return {
    id,
    totalCents,
    volumeDiscountCents,
    couponCode,
    couponDiscountCents,
    paymentMethod,
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
        Order #{shortOrderId(order.id)}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted-foreground">Items</dt>
        <dd>{itemCount(order)}</dd>
        <dt className="text-muted-foreground">Payment method</dt>
        <dd>{order.paymentMethod === "paypal" ? "PayPal" : "Card"}</dd>
        {order.volumeDiscountCents > 0 && (
          <>
            <dt className="text-muted-foreground">Volume saving</dt>
            <dd>-{formatMoney(order.volumeDiscountCents)}</dd>
          </>
        )}
        {order.couponCode && (
          <>
            <dt className="text-muted-foreground">Coupon</dt>
            <dd>
              {order.couponCode} (-{formatMoney(order.couponDiscountCents)})
            </dd>
          </>
        )}
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
