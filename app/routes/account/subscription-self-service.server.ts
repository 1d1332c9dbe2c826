import { data, redirect } from "react-router";
import { type FieldErrors, parseForm, readForm } from "~/lib/forms.ts";
import { itemsFormSchema, pauseFormSchema } from "~core/forms/subscription-change-form.ts";
import type { RequestContext } from "~server/context.ts";
import { failureData, fieldMessages, settle } from "~server/http/error-response.ts";
import { type FlashToastInput, redirectWithToast } from "~server/http/flash.ts";
import { subscriptionChanger } from "~server/payments/changers.ts";
import { cancelSubscriptionNow } from "~server/subscriptions/cancel-now.ts";
import { changeSubscriptionItems } from "~server/subscriptions/change-items.ts";
import { pauseSubscription, resumeSubscription, skipNextDelivery } from "~server/subscriptions/pause.ts";
import { paymentMethodFor } from "~server/subscriptions/payment-method.ts";
import type { SelfServiceDeps } from "~server/subscriptions/self-service.ts";

export type SelfServiceActionData = {
  intent: string;
  values: Record<string, string>;
  errors: FieldErrors;
  /** The sandbox's "nothing to update", and other answers that are only a message. */
  notice?: string;
};

type Args = { context: RequestContext; userId: string; subscriptionId: string; form: FormData };

export const subscriptionPath = (id: string) => `/account/subscriptions/${id}`;

export function selfServiceDeps(context: RequestContext): SelfServiceDeps {
  return {
    db: context.database.db,
    mailer: context.mailer,
    publicUrl: context.config.publicUrl,
    changerFor: (name) => subscriptionChanger(context, name),
  };
}

/** Runs one change for the signed-in owner; success goes back to `to` with a toast, a refusal stays with its message. */
async function run(
  { context, userId, subscriptionId }: Args,
  intent: string,
  change: (
    deps: SelfServiceDeps,
    target: { subscriptionId: string; userId: string; actor: "customer" },
  ) => Promise<unknown>,
  done: FlashToastInput,
  to = subscriptionPath(subscriptionId),
  values: Record<string, string> = {},
) {
  const target = { subscriptionId, userId, actor: "customer" as const };
  const result = await settle(
    context.log,
    `subscription ${intent} failed`,
    () => change(selfServiceDeps(context), target),
    {
      title: "Something went wrong",
      description: "Nothing was changed. Please try again.",
    },
  );
  if (!result.ok) {
    return failureData<SelfServiceActionData>(result, {
      intent,
      values,
      errors: fieldMessages(result),
    });
  }
  return redirectWithToast(to, { ...done, variant: "success" });
}

const refused = (intent: string, values: Record<string, string>, errors: FieldErrors) =>
  data<SelfServiceActionData>({ intent, values, errors }, 400);

export function skipAction(args: Args) {
  return run(args, "skip", skipNextDelivery, {
    title: "Next delivery skipped",
    description: "You will not be charged for it.",
  });
}

export function pauseAction(args: Args) {
  const parsed = parseForm(pauseFormSchema, args.form);
  if (!parsed.ok) return refused("pause", parsed.values, parsed.errors);
  return run(args, "pause", (deps, target) => pauseSubscription(deps, target, parsed.data.months), {
    title: "Subscription paused",
  });
}

export function resumeAction(args: Args) {
  return run(args, "resume", resumeSubscription, { title: "Subscription resumed" });
}

export function itemsAction(args: Args) {
  const values = readForm(args.form, {
    variantId: "list",
    quantity: "list",
    addVariantId: "text",
    addQuantity: "text",
  });
  const parsed = parseForm(itemsFormSchema, values);
  if (!parsed.ok) return refused("items", parsed.values, parsed.errors);
  return run(args, "items", (deps, target) => changeSubscriptionItems(deps, target, parsed.data), {
    title: "Items changed",
    description: "The new items and price apply from your next renewal.",
  });
}

export function cancelNowAction(args: Args) {
  return run(
    args,
    "cancel",
    cancelSubscriptionNow,
    { title: "Subscription cancelled", description: "It ended today. You will not be charged again." },
    "/account/subscriptions",
  );
}

/** Stripe's portal or PayPal's page (a redirect away), or the sandbox's message on the page. */
export async function paymentMethodAction({ context, userId, subscriptionId }: Args) {
  const returnUrl = `${context.config.publicUrl}${subscriptionPath(subscriptionId)}`;
  const result = await settle(context.log, "payment method page failed", () =>
    paymentMethodFor(selfServiceDeps(context), { subscriptionId, userId }, returnUrl),
  );
  if (!result.ok)
    return failureData<SelfServiceActionData>(result, { intent: "payment-method", values: {}, errors: {} });
  if ("url" in result.value) throw redirect(result.value.url);
  return data<SelfServiceActionData>({
    intent: "payment-method",
    values: {},
    errors: {},
    notice: result.value.message,
  });
}
