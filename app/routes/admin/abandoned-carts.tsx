import { Form, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { parseForm, readForm } from "~/lib/forms.ts";
import {
  abandonedCartSettingsFormSchema,
  DEFAULT_SETTINGS,
  getAbandonedCartSettings,
  listCouponChoices,
  saveAbandonedCartSettings,
} from "~server/abandoned-carts/settings.ts";
import { fieldMessages, settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/abandoned-carts";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Abandoned-cart reminder settings (docs/abandoned-carts.md, decision 044). */
const PATH = "/admin/abandoned-carts";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading abandoned-cart settings failed", async () => {
    const [settings, coupons] = await Promise.all([getAbandonedCartSettings(db), listCouponChoices(db)]);
    return { settings, coupons };
  });
  if (!loaded.ok) return { loadError: true, settings: DEFAULT_SETTINGS, coupons: [] };
  return { loadError: false, ...loaded.value };
}

type Typed = Record<string, string>;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const input = readForm(form, {
    enabled: "switch",
    idleHours: "text",
    secondEnabled: "switch",
    secondCouponId: "text",
  });
  const typed = { idleHours: input.idleHours, secondCouponId: input.secondCouponId };
  const parsed = parseForm(abandonedCartSettingsFormSchema, input);
  if (!parsed.ok) {
    const description = Object.values(parsed.errors)[0];
    return adminFailure<Typed>({ title: "Error", description }, 400, {
      errors: parsed.errors,
      values: typed,
    });
  }
  const saved = await settle(context.log, "saving abandoned-cart settings failed", () =>
    saveAbandonedCartSettings(context.database.db, parsed.data),
  );
  if (saved.ok) return backWithToast(PATH, "Abandoned-cart settings saved");
  return adminFailure<Typed>(saved.message, saved.status, { errors: fieldMessages(saved), values: typed });
}

export default function AbandonedCarts({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { settings, coupons } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? null;
  return (
    <>
      <PageHeader
        title="Abandoned Carts"
        subtitle="Reminder emails for signed-in customers who leave items in their cart"
      />
      {loaderData.loadError && <LoadError>Abandoned-cart settings could not be loaded.</LoadError>}
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="font-display text-lg font-semibold">Reminder emails</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <FormSwitch
              name="enabled"
              label="Send abandoned-cart reminders"
              defaultChecked={settings.enabled}
            />
            <Field
              id="idleHours"
              label="Hours before the reminder"
              error={errors.idleHours}
              hint="A cart left unchanged this long gets one reminder (1 to 720)."
            >
              {(p) => (
                <Input
                  {...p}
                  name="idleHours"
                  type="number"
                  inputMode="numeric"
                  min="1"
                  max="720"
                  defaultValue={typed?.idleHours ?? String(settings.idleHours)}
                />
              )}
            </Field>
            <FormSwitch
              name="secondEnabled"
              label="Send a second reminder with a coupon after 24 hours"
              defaultChecked={settings.secondEnabled}
            />
            <Field id="secondCouponId" label="Coupon for the second reminder" error={errors.secondCouponId}>
              {(p) => (
                <select
                  {...p}
                  name="secondCouponId"
                  defaultValue={typed?.secondCouponId ?? settings.secondCouponId ?? ""}
                  className={`${fieldClass} h-10`}
                >
                  <option value="">No coupon</option>
                  {coupons.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.isActive ? c.code : `${c.code} (inactive)`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? "Saving…" : "Save settings"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
