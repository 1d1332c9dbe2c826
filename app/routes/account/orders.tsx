import { Package, Repeat } from "lucide-react";
import { Link } from "react-router";
import { OrderStatusBadge, orderDateFormat } from "~/components/store/order-status-badge.tsx";
import { RefundBadge } from "~/components/store/refund-badge.tsx";
import { TrackingLink } from "~/components/store/tracking-link.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { brand } from "~core/brand.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { trackingInfo } from "~core/orders/shipment.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { attachedOrdersMessage, takeAttachedOrdersNotice } from "~server/accounts/guest-orders.ts";
import { requireUser } from "~server/auth/session.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { listCustomerOrders } from "~server/orders/customer-orders.ts";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: `My Orders | ${brand.name}` }];
}

const loadFailed = {
  title: "Error loading orders",
  description: "We could not load your orders. Please try again in a moment.",
  variant: "destructive",
} as const;

/** Signed-in customers only; their own paid orders, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const loaded = await settle(
    context.log.child({ userId: user.id }),
    "my orders could not be loaded",
    () => listCustomerOrders(context.database.db, user.id),
    { ...loadFailed, status: 500 },
  );
  if (!loaded.ok)
    // Spec: a load error is a toast, and the page stays usable (not the error screen).
    return failureData(loaded, { orders: null, attachedNotice: null });
  return {
    orders: loaded.value.map(toOrderCard),
    toast: null,
    attachedNotice: await takeAttachedNotice(context, user.id),
  };
}

/** "Your 2 earlier orders are now in My Orders", once, if guest orders joined the account (decision 037). */
async function takeAttachedNotice(context: Route.LoaderArgs["context"], userId: string) {
  const count = await takeAttachedOrdersNotice(context.database.db, userId).catch(() => 0);
  return count > 0 ? attachedOrdersMessage(count) : null;
}

function toOrderCard(order: Awaited<ReturnType<typeof listCustomerOrders>>[number]) {
  return {
    id: order.id,
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    volumeDiscountCents: order.volumeDiscountCents,
    paymentMethod: order.paymentMethod,
    purchaseType: order.purchaseType,
    subscriptionId: order.subscriptionId,
    shippingAddress: order.shippingAddress,
    name: order.name,
    tracking: trackingInfo(order),
    items: order.items.map(({ id, name, weight, quantity, lineTotalCents }) => ({
      id,
      name,
      weight,
      quantity,
      lineTotalCents,
    })),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, toast, attachedNotice } = loaderData;
  useFlashToast(toast);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-4xl font-semibold text-primary">My Orders</h1>
        <Link to="/account/subscriptions" className={buttonClass({ variant: "outline" })}>
          <Repeat aria-hidden />
          My Subscriptions
        </Link>
      </div>
      {attachedNotice && (
        <FormAlert tone="success" className="mt-6">
          {attachedNotice}
        </FormAlert>
      )}
      {orders === null ? (
        <div
          role="alert"
          className="mt-10 flex flex-col items-center gap-4 rounded-lg border bg-card px-6 py-16 text-center"
        >
          <h2 className="font-display text-2xl">Your orders could not be loaded</h2>
          <p className="text-muted-foreground">Please try again in a moment.</p>
          <Link to="/orders" reloadDocument className={buttonClass({ className: "mt-2" })}>
            Try Again
          </Link>
        </div>
      ) : orders.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border bg-card px-6 py-16 text-center">
          <Package className="size-12 text-muted-foreground" aria-hidden />
          <h2 className="font-display text-2xl">No orders yet</h2>
          <p className="text-muted-foreground">When you place an order, it will show up here.</p>
          <Link to="/products" className={buttonClass({ className: "mt-2" })}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-8 flex flex-col gap-5">
          {orders.map((order) => (
            <li key={order.id}>
              <article aria-labelledby={`order-${order.id}`} className="rounded-lg border bg-card p-5">
                <header className="flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <h2 id={`order-${order.id}`} className="font-display text-xl font-semibold">
                      Order #{orderLabel(order)}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      <time dateTime={order.createdAt}>
                        {orderDateFormat.format(new Date(order.createdAt))}
                      </time>
                      <SubscriptionNote order={order} />
                    </p>
                  </div>
                  <div className="flex flex-wrap items-start justify-end gap-2">
                    <OrderStatusBadge status={order.status} />
                    <RefundBadge order={order} />
                  </div>
                </header>
                <ul className="mt-4 flex flex-col gap-2 border-t pt-4 text-sm">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex justify-between gap-3">
                      <span>
                        {item.name} ({item.weight}) × {item.quantity}
                      </span>
                      <span>{formatMoney(item.lineTotalCents)}</span>
                    </li>
                  ))}
                </ul>
                <dl className="mt-4 grid gap-1 border-t pt-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                  {order.volumeDiscountCents > 0 && (
                    <>
                      <dt className="text-muted-foreground">Volume saving</dt>
                      <dd>-{formatMoney(order.volumeDiscountCents)}</dd>
                    </>
                  )}
                  <dt className="text-muted-foreground">Total</dt>
                  <dd className="font-semibold">{formatMoney(order.totalCents)}</dd>
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
                  {order.shippingAddress && (
                    <>
                      <dt className="text-muted-foreground">Shipping to</dt>
                      <dd>
                        {[
                          order.name,
                          order.shippingAddress.line1,
                          order.shippingAddress.line2,
                          `${order.shippingAddress.city}, ${order.shippingAddress.state} ${order.shippingAddress.postalCode}`,
                          order.shippingAddress.country,
                        ]
                          .filter(Boolean)
                          .join(", ")}
                      </dd>
                    </>
                  )}
                </dl>
                <Link
                  to={`/orders/${order.id}`}
                  className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  View order details<span className="sr-only"> for order #{orderLabel(order)}</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Which subscription an order belongs to (its first order or a monthly renewal). */
function SubscriptionNote({ order }: { order: { purchaseType: string; subscriptionId: string | null } }) {
  if (order.purchaseType !== "subscription") return null;
  if (!order.subscriptionId) return <> · Monthly subscription</>;
  return (
    <>
      {" · "}
      <Link
        to={`/account/subscriptions/${order.subscriptionId}`}
        className="text-primary underline-offset-4 hover:underline"
      >
        Monthly subscription
      </Link>
    </>
  );
}
