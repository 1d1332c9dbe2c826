import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { OrderSummary, toOrderPage } from "~/components/store/order-summary.tsx";
import { brand } from "~core/brand.ts";
import { reviewFormPath } from "~core/catalog/review-rules.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { requireUser } from "~server/auth/session.ts";
import { getCustomerOrder } from "~server/orders/customer-orders.ts";
import { reviewableProductsOfOrder } from "~server/reviews/eligibility.ts";
import type { Route } from "./+types/order-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    { title: order ? `Order #${orderLabel(order)} | ${brand.name}` : `Order not found | ${brand.name}` },
  ];
}

/**
 * One of the signed-in customer's own paid orders. Anyone else's order, an unpaid one or a made-up
 * id is the same 404, so the page never tells whether an order id exists.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await getCustomerOrder(context.database.db, user.id, params.orderId);
  if (!order) return data({ order: null, toReview: [] }, { status: 404 });
  const toReview = await reviewableProductsOfOrder(context.database.db, user.id, order.id);
  return { order: toOrderPage(order), toReview };
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, toReview } = loaderData;
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
      {toReview.length > 0 && <WriteReviewLinks products={toReview} />}
    </div>
  );
}

/** The order's products the customer may review now (docs/reviews.md). */
function WriteReviewLinks({ products }: { products: { name: string; slug: string }[] }) {
  return (
    <section aria-labelledby="write-reviews-heading" className="mt-6 rounded-lg border bg-card p-5">
      <h2 id="write-reviews-heading" className="font-semibold">
        Write a review
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {products.map((p) => (
          <li key={p.slug}>
            <Link to={reviewFormPath(p.slug)} className="text-primary underline-offset-4 hover:underline">
              Write a review of {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
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
