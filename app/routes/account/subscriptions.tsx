import { Package, Repeat } from "lucide-react";
import { Link } from "react-router";
import { CancelSubscription } from "~/components/subscriptions/cancel-subscription.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate } from "~/lib/dates.ts";
import {
  canCancel,
  renewalText,
  subscriptionStatusLabel,
  subscriptionStatusVariant,
} from "~/lib/subscriptions.ts";
import { brand } from "~core/brand.ts";
import { subscriptionRef } from "~core/orders/order-number.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { requireUser } from "~server/auth/session.ts";
import { listCustomerSubscriptions } from "~server/subscriptions/customer-subscriptions.ts";
import type { Route } from "./+types/subscriptions";
import { cancelSubscriptionAction } from "./cancel-subscription.server.ts";

export function meta() {
  return [{ title: `My Subscriptions | ${brand.name}` }];
}

/** Signed-in customers only; their own subscriptions, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const subscriptions = await listCustomerSubscriptions(context.database.db, user.id);
  return {
    subscriptions: subscriptions.map((sub) => ({
      ...sub,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      canceledAt: sub.canceledAt?.toISOString() ?? null,
      createdAt: sub.createdAt.toISOString(),
    })),
  };
}

/** Cancel at period end; only the signed-in owner's own subscription (others are "not found"). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  return cancelSubscriptionAction(context, await request.formData(), user.id);
}

type SubscriptionView = Route.ComponentProps["loaderData"]["subscriptions"][number];

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions } = loaderData;
  useFlashToast(actionData?.toast);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold text-primary">My Subscriptions</h1>
          <p className="mt-2 text-muted-foreground">Monthly deliveries. Cancel anytime.</p>
        </div>
        <Link to="/orders" className={buttonClass({ variant: "outline" })}>
          <Package aria-hidden />
          My Orders
        </Link>
      </div>
      {actionData?.toast && (
        // The toast's text on the page too: it is all a browser without JavaScript shows.
        <FormAlert tone={actionData.ok ? "success" : "error"} className="mt-6">
          {actionData.toast.title}: {actionData.toast.description}
        </FormAlert>
      )}
      {subscriptions.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="mt-8 flex flex-col gap-5">
          {subscriptions.map((sub) => (
            <li key={sub.id}>
              <SubscriptionCard subscription={sub} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="mt-10 flex flex-col items-center gap-4 rounded-lg border bg-card px-6 py-16 text-center">
      <Repeat className="size-12 text-muted-foreground" aria-hidden />
      <h2 className="font-display text-2xl">No subscriptions yet</h2>
      <p className="max-w-md text-muted-foreground">
        Choose “Monthly subscription” at checkout: 15% off every month (20% with 2 or more items), delivered
        automatically, cancel anytime.
      </p>
      <Link to="/products" className={buttonClass({ className: "mt-2" })}>
        Start Shopping
      </Link>
    </div>
  );
}

function SubscriptionCard({ subscription: sub }: { subscription: SubscriptionView }) {
  const ref = subscriptionRef(sub);
  return (
    <article aria-labelledby={`subscription-${sub.id}`} className="rounded-lg border bg-card p-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`subscription-${sub.id}`} className="font-display text-xl font-semibold">
            Subscription {ref}
          </h2>
          <p className="text-sm text-muted-foreground">Started {formatDate(sub.createdAt)}</p>
        </div>
        <Badge variant={subscriptionStatusVariant(sub)}>{subscriptionStatusLabel(sub.status)}</Badge>
      </header>
      <ul className="mt-4 flex flex-col gap-2 border-t pt-4 text-sm">
        {sub.items.map((item) => (
          <li key={`${item.productId}-${item.name}-${item.weight}`} className="flex justify-between gap-3">
            <span>
              {item.name}
              {item.weight ? ` (${item.weight})` : ""} × {item.quantity}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-1 border-t pt-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Monthly price</dt>
        <dd className="font-semibold">{formatMoney(sub.monthlyPriceCents)} / month</dd>
        <dt className="text-muted-foreground">Renewal</dt>
        <dd>{renewalText(sub)}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3 border-t pt-4">
        {sub.status !== "canceled" && (
          <Link to={`/account/subscriptions/${sub.id}`} className={buttonClass({ variant: "outline" })}>
            Manage subscription<span className="sr-only">{` ${ref}`}</span>
          </Link>
        )}
        {canCancel(sub) && <CancelSubscription subscription={sub} which={` ${ref}`} />}
      </div>
    </article>
  );
}
