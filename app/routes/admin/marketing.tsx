import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { parseForm } from "~/lib/forms.ts";
import { settle } from "~server/http/error-response.ts";
import {
  getMarketingPostalAddress,
  postalAddressFormSchema,
  saveMarketingPostalAddress,
} from "~server/marketing/postal-address.ts";
import type { Route } from "./+types/marketing";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Marketing email settings (docs/compliance.md section 5, decision 048). */
const PATH = "/admin/marketing";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "loading the marketing postal address failed", () =>
    getMarketingPostalAddress(context.database.db),
  );
  return loaded.ok
    ? { loadError: false, postalAddress: loaded.value }
    : { loadError: true, postalAddress: "" };
}

type Typed = Record<string, string>;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(postalAddressFormSchema, await request.formData());
  if (!parsed.ok)
    return adminFailure<Typed>({ title: "Error", description: parsed.errors.postalAddress }, 400, {
      errors: parsed.errors,
      values: parsed.values,
    });
  const saved = await settle(context.log, "saving the marketing postal address failed", () =>
    saveMarketingPostalAddress(context.database.db, parsed.data.postalAddress),
  );
  if (saved.ok) return backWithToast(PATH, "Postal address saved");
  return adminFailure<Typed>(saved.message, saved.status, { errors: {}, values: { postalAddress: "" } });
}

export default function Marketing({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const missing = !loaderData.loadError && loaderData.postalAddress === "";
  return (
    <>
      <PageHeader title="Marketing" subtitle="What every marketing email must carry (CAN-SPAM)" />
      {loaderData.loadError && <LoadError>Marketing settings could not be loaded.</LoadError>}
      {missing && (
        <p
          role="alert"
          className="mb-6 max-w-2xl rounded-md border border-destructive-text/50 bg-destructive/20 p-3 text-sm"
        >
          No postal address yet: no marketing email is sent (abandoned-cart reminders, review invitations,
          newsletters) until you add one.
        </p>
      )}
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="font-display text-lg font-semibold">Postal address</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <Field
              id="postalAddress"
              label="Postal address shown in marketing emails"
              error={errors.postalAddress}
              hint="A valid physical address: street address, a registered P.O. box or private mailbox."
            >
              {(p) => (
                <Textarea
                  {...p}
                  name="postalAddress"
                  rows={3}
                  defaultValue={actionData?.values?.postalAddress ?? loaderData.postalAddress}
                />
              )}
            </Field>
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? "Saving…" : "Save address"}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <p className="mt-6 text-sm text-muted-foreground">
        Who may receive marketing email:{" "}
        <Link to="/admin/subscribers" className="text-primary underline-offset-4 hover:underline">
          Subscribers
        </Link>
        .
      </p>
    </>
  );
}
