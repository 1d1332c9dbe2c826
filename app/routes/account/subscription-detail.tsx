import { data, Link } from "react-router";
import { ItemsForm, PauseForms, PaymentMethodForm } from "~/components/subscriptions/self-service-forms.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate } from "~/lib/dates.ts";
import {
  itemsText,
  renewalText,
  subscriptionStatusLabel,
  subscriptionStatusVariant,
} from "~/lib/subscriptions.ts";
import { brand } from "~core/brand.ts";
import { subscriptionRef } from "~core/orders/order-number.ts";
import { isPaused } from "~core/orders/subscription-schedule.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { renewalPrice } from "~core/pricing/recurring-price.ts";
import { requireUser } from "~server/auth/session.ts";
import { settle } from "~server/http/error-response.ts";
import { subscribableVariants } from "~server/subscriptions/catalog-options.ts";
import { latestPauseOf } from "~server/subscriptions/events.ts";
import { firstOrderNumberOf } from "~server/subscriptions/first-order.ts";
import { ownedSubscription } from "~server/subscriptions/self-service.ts";
import type { Route } from "./+types/subscription-detail";
import {
  itemsAction,
  pauseAction,
  paymentMethodAction,
  resumeAction,
  type SelfServiceActionData,
  skipAction,
} from "./subscription-self-service.server.ts";

export function meta() {
  return [{ title: `My Subscription | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/** The signed-in owner's subscription with its changes; another user's id is "not found" (404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const found = await settle(context.log, "subscription page failed", () =>
    ownedSubscription(context.database.db, { subscriptionId: params.subscriptionId, userId: user.id }),
  );
  if (!found.ok) throw data(found.message, { status: found.status });
  const sub = found.value;
  const now = new Date();
  const paused = isPaused(sub, now);
  const pause = paused ? await latestPauseOf(context.database.db, sub.id) : null;
  return {
    subscription: {
      id: sub.id,
      firstOrderNumber: await firstOrderNumberOf(context.database.db, sub.id),
      provider: sub.provider,
      status: sub.status,
      items: sub.items.map(({ variantId, productId, name, weight, quantity }) => ({
        variantId,
        productId,
        name,
        weight,
        quantity,
      })),
      monthlyPriceCents: renewalPrice(sub).totalCents,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      pausedUntil: paused ? sub.pausedUntil!.toISOString() : null,
      // A skip reads as a skipped delivery (with Undo skip), a pause as paused.
      skipped: pause?.kind === "skip" ? { renewal: pause.skippedRenewal } : null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt?.toISOString() ?? null,
    },
    options: sub.status === "active" ? await subscribableVariants(context.database.db) : [],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const args = { context, userId: user.id, subscriptionId: params.subscriptionId, form };
  switch (form.get("intent")) {
    case "skip":
      return skipAction(args);
    case "pause":
      return pauseAction(args);
    case "resume":
      return resumeAction(args);
    case "items":
      return itemsAction(args);
    case "payment-method":
      return paymentMethodAction(args);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

type Answer = SelfServiceActionData & { toast?: Parameters<typeof useFlashToast>[0] };

export default function SubscriptionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  useFlashToast(answer?.toast);
  const { subscription: sub, options } = loaderData;
  const renewing = sub.status === "active" && !sub.cancelAtPeriodEnd;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <div>
        <Link to="/account/subscriptions" className="text-sm text-primary underline-offset-4 hover:underline">
          My Subscriptions
        </Link>
        <h1 className="mt-2 font-display text-4xl font-semibold text-primary">
          Subscription {subscriptionRef(sub)}
        </h1>
      </div>
      {answer?.toast && <FormAlert>{`${answer.toast.title}: ${answer.toast.description ?? ""}`}</FormAlert>}
      {answer?.notice && <FormAlert tone="success">{answer.notice}</FormAlert>}
      <section aria-label="Summary" className="rounded-lg border bg-card p-5 text-sm">
        <Badge variant={subscriptionStatusVariant(sub)}>
          {sub.pausedUntil
            ? sub.skipped
              ? "Delivery skipped"
              : "Paused"
            : subscriptionStatusLabel(sub.status)}
        </Badge>
        <p className="mt-3">{itemsText(sub.items)}</p>
        <p className="mt-1 font-semibold">{formatMoney(sub.monthlyPriceCents)} / month</p>
        <p className="mt-1">{sub.pausedUntil ? pauseText(sub.pausedUntil, sub.skipped) : renewalText(sub)}</p>
      </section>
      {renewing && (
        <>
          <PauseForms
            provider={sub.provider}
            pausedUntil={sub.pausedUntil}
            skipped={Boolean(sub.skipped)}
            answer={answer}
          />
          <ItemsForm items={sub.items} options={options} answer={answer} />
        </>
      )}
      {(renewing || sub.status === "past_due") && <PaymentMethodForm />}
      {sub.status !== "canceled" && (
        <Link
          to={`/account/subscriptions/${sub.id}/cancel`}
          className={buttonClass({ variant: "outline", className: "self-start" })}
        >
          Cancel subscription
        </Link>
      )}
    </div>
  );
}

/** "Next delivery (Dec 28, 2026) skipped · next charge Jan 28, 2027", or "Paused until …". */
function pauseText(pausedUntil: string, skipped: { renewal: string | null } | null) {
  if (!skipped) return `Paused until ${formatDate(pausedUntil)}`;
  const which = skipped.renewal ? ` (${formatDate(skipped.renewal)})` : "";
  return `Next delivery${which} skipped · next charge ${formatDate(pausedUntil)}`;
}
