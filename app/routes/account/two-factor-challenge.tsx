import { data, Form, Link, redirect } from "react-router";
import { AuthHeading } from "~/components/account/auth-heading.tsx";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import { type FieldErrors, parseForm, safeRedirectPath } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { backupCodeSchema, totpCodeSchema } from "~core/forms/account-forms.ts";
import { cookiesFrom, tryAuth } from "~server/accounts/auth-call.ts";
import { getSessionUser } from "~server/auth/session.ts";
import type { Route } from "./+types/two-factor-challenge";
import { completeSignIn } from "./auth.server.ts";

export function meta() {
  return [{ title: `Two-Factor Authentication | ${brand.name}` }];
}

/** The second sign-in step for accounts with two-factor on (reached from /auth with a challenge cookie). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(context, request)) throw redirect("/");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return { redirectTo };
}

type ActionData = { intent: "totp" | "backup"; errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent") === "backup" ? "backup" : "totp";
  const parsed = parseForm(intent === "backup" ? backupCodeSchema : totpCodeSchema, formData);
  if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors }, { status: 400 });
  const { code } = parsed.data;
  const call =
    intent === "backup"
      ? context.auth.api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true })
      : context.auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true });
  const result = await tryAuth(call);
  if (!result.ok) {
    const expired = result.error.code === "INVALID_TWO_FACTOR_COOKIE";
    return data<ActionData>(
      expired
        ? { intent, formError: "Your sign-in has timed out. Please sign in again." }
        : { intent, errors: { code: result.error.message } },
      { status: result.error.status },
    );
  }
  const { headers, response } = result.value as { headers: Headers; response: { user: { id: string } } };
  return completeSignIn(
    context,
    request,
    response.user.id,
    cookiesFrom(headers),
    safeRedirectPath(parsed.data.redirectTo),
  );
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const errorFor = (intent: ActionData["intent"]) =>
    actionData?.intent === intent ? actionData.errors?.code : undefined;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardContent className="flex flex-col gap-6">
          <AuthHeading title="Two-Factor Authentication">
            Enter the 6-digit code from your authenticator app.
          </AuthHeading>
          {actionData?.formError && (
            <FormAlert>
              {actionData.formError}{" "}
              <Link to="/auth" className="underline underline-offset-4">
                Sign in
              </Link>
            </FormAlert>
          )}
          <Form method="post" noValidate className="flex flex-col gap-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <InputField
              id="totp-code"
              name="code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={errorFor("totp")}
            />
            <SubmitButton intent="totp" pendingLabel="Verifying...">
              Verify
            </SubmitButton>
          </Form>
          <details className="text-sm" open={actionData?.intent === "backup"}>
            <summary className="cursor-pointer text-primary">Lost your device? Use a backup code</summary>
            <Form method="post" noValidate className="mt-4 flex flex-col gap-4">
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              <InputField
                id="backup-code"
                name="code"
                label="Backup code"
                autoComplete="off"
                error={errorFor("backup")}
              />
              <SubmitButton intent="backup" pendingLabel="Verifying..." variant="outline">
                Use backup code
              </SubmitButton>
            </Form>
          </details>
        </CardContent>
      </Card>
    </div>
  );
}
