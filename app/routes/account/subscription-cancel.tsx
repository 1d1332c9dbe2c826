import { data, Form, Link } from "react-router";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { itemsText } from "~/lib/subscriptions.ts";
import { brand } from "~core/brand.ts";
import { subscriptionRef } from "~core/orders/order-number.ts";
import { isPaused } from "~core/orders/subscription-schedule.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { renewalPrice } from "~core/pricing/recurring-price.ts";
import { requireUser } from "~server/auth/session.ts";
import { settle } from "~server/http/error-response.ts";
import { firstOrderNumberOf } from "~server/subscriptions/first-order.ts";
import { ownedSubscription } from "~server/subscriptions/self-service.ts";
import type { Route } from "./+types/subscription-cancel";
import {
  cancelNowAction,
  type SelfServiceActionData,
  skipAction,
} from "./subscription-self-service.server.ts";

export function meta() {
  return [{ title: `Cancel Subscription | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * One-click cancellation (decision 042; the confirmation email links here): one button, effective
 * at once. The save offer ("Skip next month instead") is a second, equally plain form beside it,
 * shown only where the provider can skip and the subscription is not paused already.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const found = await settle(context.log, "cancel page failed", () =>
    ownedSubscription(context.database.db, { subscriptionId: params.subscriptionId, userId: user.id }),
  );
  if (!found.ok) throw data(found.message, { status: found.status });
  const sub = found.value;
  const running = sub.status === "active" || sub.status === "past_due";
  return {
    id: sub.id,
    ref: subscriptionRef({
      id: sub.id,
      firstOrderNumber: await firstOrderNumberOf(context.database.db, sub.id),
    }),
    ended: !running,
    summary: `${itemsText(sub.items)} – ${formatMoney(renewalPrice(sub).totalCents)} / month`,
    offerSkip: running && !sub.cancelAtPeriodEnd && sub.provider !== "paypal" && !isPaused(sub, new Date()),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await request.formData();
  const args = { context, userId: user.id, subscriptionId: params.subscriptionId, form };
  switch (form.get("intent")) {
    case "cancel":
      return cancelNowAction(args);
    case "skip":
      return skipAction(args);
    default:
      throw data("Unknown form", { status: 400 });
  }
}

type Answer = SelfServiceActionData & { toast?: Parameters<typeof useFlashToast>[0] };

export default function CancelSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  useFlashToast(answer?.toast);
  const { id, ref, ended, summary, offerSkip } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12 sm:px-6">
      <div>
        <Link
          to={`/account/subscriptions/${id}`}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Back to the subscription
        </Link>
        <h1 className="mt-2 font-display text-4xl font-semibold text-primary">Cancel subscription {ref}</h1>
        <p className="mt-2 text-muted-foreground">{summary}</p>
      </div>
      {answer?.toast && <FormAlert>{`${answer.toast.title}: ${answer.toast.description ?? ""}`}</FormAlert>}
      {ended ? (
        <p>This subscription has already ended. Nothing will be charged.</p>
      ) : (
        <>
          <p>
            Cancelling takes effect now: you will not be charged again. An order you have already paid for
            still ships.
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post">
              <SubmitButton intent="cancel" pendingLabel="Cancelling..." className="">
                Cancel subscription
              </SubmitButton>
            </Form>
            {offerSkip && (
              <Form method="post">
                <SubmitButton intent="skip" pendingLabel="Skipping..." className="">
                  Skip next month instead
                </SubmitButton>
              </Form>
            )}
          </div>
        </>
      )}
    </div>
  );
}
