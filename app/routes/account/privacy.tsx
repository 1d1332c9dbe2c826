import { data, Form } from "react-router";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { deleteRequestSchema } from "~core/forms/privacy-form.ts";
import { homeSignedOut, tryAuth } from "~server/accounts/auth-call.ts";
import { requireUser } from "~server/auth/session.ts";
import { settle } from "~server/http/error-response.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { eraseFor, subjectForCustomer } from "~server/privacy/requests.ts";
import { erasureExplanation } from "~server/privacy/wording.ts";
import type { Route } from "./+types/privacy";
import { checkPrivacyForm, WRONG_PASSWORD } from "./privacy.server.ts";

export function meta() {
  return [{ title: `Privacy | ${brand.name}` }];
}

/** Retry-After on a refused (429) deletion: an action's headers reach the document only through here. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** Why the last download was refused (the export route redirects here with a code). */
const exportFailures: Record<string, string> = {
  invalid: "Please enter your password.",
  password: WRONG_PASSWORD,
  limited: "Too many attempts. Please try again later.",
  unavailable: "Your data could not be prepared. Please try again in a moment.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const code = new URL(request.url).searchParams.get("export") ?? "";
  return { explanation: erasureExplanation, exportError: exportFailures[code] ?? null };
}

type ActionData = { errors: FieldErrors; formError?: string };

/** "Delete my account": password + confirmation, then the erasure; signed out on success. */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkPrivacyForm(context, request, deleteRequestSchema);
  if (!checked.ok) {
    const { errors, formError, status, headers } = checked;
    return data<ActionData>({ errors, formError }, { status, headers });
  }
  const db = context.database.db;
  const userId = checked.user.id;
  const erased = await settle(context.log, "account deletion failed", async () =>
    eraseFor(
      db,
      await subjectForCustomer(db, userId),
      { by: "customer" },
      {
        providerFor: (name) => providerNamed(context, name),
        linkSecret: context.linkSecret,
      },
    ),
  );
  if (!erased.ok) {
    const formError = [erased.message.title, erased.message.description].filter(Boolean).join(": ");
    return data<ActionData>({ errors: {}, formError }, { status: erased.status, headers: erased.headers });
  }
  context.log.info({ subjectUserId: userId }, "account erased by the customer");
  // The sessions are gone already; this clears this browser's cookie.
  const signedOut = await tryAuth(
    context.auth.api.signOut({ headers: request.headers, returnHeaders: true }),
  );
  return homeSignedOut(signedOut, {
    title: "Account deleted",
    description: "Your account and personal data have been deleted.",
    variant: "success",
  });
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { explanation, exportError } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-primary">Privacy</h1>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Download my data</h2>
          <CardDescription>
            A JSON file with your account, addresses, orders, subscriptions, reviews, email preferences and
            messages.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action="/account/privacy/export" reloadDocument className="flex flex-col gap-4">
            {exportError && <FormAlert>{exportError}</FormAlert>}
            <InputField
              id="export-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              required
            />
            <SubmitButton intent="export" pendingLabel="Preparing..." className="self-start">
              Download my data
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Delete my account</h2>
          <CardDescription>This cannot be undone.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Explained title="Deleted" lines={explanation.erased} />
          <Explained title="Kept for our accounts" lines={explanation.kept} />
          <Form method="post" noValidate className="flex flex-col gap-4">
            {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
            <InputField
              id="delete-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              error={errors.password}
            />
            <div className="flex flex-col gap-1">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="confirm"
                  aria-invalid={errors.confirm ? true : undefined}
                  aria-describedby={errors.confirm ? "confirm-error" : undefined}
                  className="mt-1"
                />
                I understand that my account and personal data will be deleted for good.
              </label>
              {errors.confirm && (
                <p id="confirm-error" className="text-sm text-destructive-text">
                  {errors.confirm}
                </p>
              )}
            </div>
            <SubmitButton
              intent="delete"
              pendingLabel="Deleting..."
              variant="destructive"
              className="self-start"
            >
              Delete my account
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

function Explained({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
