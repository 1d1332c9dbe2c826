import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "~/lib/dates.ts";
import type { StartedSubscription } from "./paid-order.tsx";

/**
 * The success page of a subscription says it is one (issue 31): it renews monthly, when the next
 * charge is, and where to skip, pause, change or cancel it.
 */
export function SubscriptionStarted({ subscription }: { subscription: StartedSubscription }) {
  return (
    <section aria-labelledby="subscription-title" className="w-full rounded-lg border bg-card p-5 text-left">
      <h2 id="subscription-title" className="flex items-center gap-2 font-display text-xl font-semibold">
        <CalendarClock className="size-5" aria-hidden /> Your monthly subscription
      </h2>
      <p className="mt-3 text-sm">
        This order starts a monthly subscription: it renews automatically every month at the same price.
        {subscription.nextChargeAt && (
          <>
            {" "}
            Next charge: <strong>{formatDate(subscription.nextChargeAt)}</strong>.
          </>
        )}
      </p>
      <p className="mt-2 text-sm">
        Skip a delivery, pause, change the items or cancel anytime in{" "}
        <Link to={`/account/subscriptions/${subscription.id}`} className="text-primary underline">
          Manage subscription
        </Link>
        .
      </p>
    </section>
  );
}
