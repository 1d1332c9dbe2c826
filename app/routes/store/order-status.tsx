import { data, Link } from "react-router";
import { NotFoundPage } from "~/components/store/not-found-page.tsx";
import { OrderSummary, toOrderPage } from "~/components/store/order-summary.tsx";
import { brand } from "~core/brand.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { failureOf } from "~server/http/error-response.ts";
import { lookUpOrderStatus } from "~server/orders/order-status.ts";
import type { Route } from "./+types/order-status";

export function meta({ loaderData }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    { title: order ? `Order #${orderLabel(order)} | ${brand.name}` : `Page not found | ${brand.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** Retry-After on a 429 (the loader's headers reach the document response only through here). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * A guest's order, through the unguessable link in the confirmation email (decision 037). No
 * sign-in: the link is the key. An unknown or malformed token is the shop's normal 404 page; too
 * many misses from one address, a 429. Headers (no-store, no-referrer, noindex) are set for the
 * whole /order-status/ path in server/http/app.ts.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const order = await lookUpOrderStatus(context.database.db, params.token, context.clientIp);
    if (!order) return data({ order: null, limited: null }, { status: 404 });
    return { order: toOrderPage(order), limited: null };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.status !== 429) throw error;
    return data({ order: null, limited: failure.message }, { status: 429, headers: failure.headers });
  }
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order, limited } = loaderData;
  if (limited)
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-semibold">{limited.title}</h1>
        <p className="mt-2 text-muted-foreground">{limited.description}</p>
      </section>
    );
  if (!order) return <NotFoundPage />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <OrderSummary order={order} />
      <p className="mt-8 text-sm text-muted-foreground">
        Keep this link to yourself: anyone who has it can see this order.{" "}
        <Link to="/auth?tab=signup" className="text-primary underline-offset-4 hover:underline">
          Create an account
        </Link>{" "}
        with the email you ordered with to see all your orders in one place.
      </p>
    </div>
  );
}
