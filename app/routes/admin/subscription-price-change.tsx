import { redirect } from "react-router";
import { parseForm, readForm } from "~/lib/forms.ts";
import { priceChangeFormSchema } from "~core/forms/price-change-form.ts";
import { actionToast } from "~core/toast.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { schedulePriceChange } from "~server/subscriptions/price-change.ts";
import type { Route } from "./+types/subscription-price-change";

/** Only a post lands here (the subscription detail's price change form); a visit goes to the detail. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/admin/subscriptions/${encodeURIComponent(params.subscriptionId)}`);
}

/** Schedules a new monthly price with its notice (decision 046); the guard layout admits admins only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = readForm(await request.formData(), { unitPrice: "list", noticeDays: "text" });
  const parsed = parseForm(priceChangeFormSchema, {
    unitPrices: form.unitPrice,
    noticeDays: form.noticeDays,
  });
  const invalid = { title: "Please check the price change", description: "Some fields need your attention." };
  if (!parsed.ok)
    return failureData(
      { status: 400, message: invalid, fieldErrors: {}, headers: new Headers() },
      { ok: false, errors: parsed.errors },
    );
  const admin = await getSessionUser(context, request);
  const scheduled = await settle(context.log, "scheduling a price change failed", () =>
    schedulePriceChange(context.database.db, context.mailer, {
      ...parsed.data,
      subscriptionId: params.subscriptionId,
      adminId: admin?.id ?? null,
    }),
  );
  if (!scheduled.ok) return failureData(scheduled, { ok: false, errors: {} });
  return {
    ok: true,
    errors: {},
    toast: actionToast({
      title: "Price change scheduled",
      description: "The subscriber is notified 7–30 days before the new price applies.",
      variant: "success",
    }),
  };
}
