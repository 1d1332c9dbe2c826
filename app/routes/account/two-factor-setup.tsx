import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AuthHeading } from "~/components/account/auth-heading.tsx";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { messages, totpCodeSchema } from "~core/forms/account-forms.ts";
import { cookiesFrom, tryAuth } from "~server/accounts/auth-call.ts";
import { requireUser } from "~server/auth/session.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/two-factor-setup";

export function meta() {
  return [{ title: `Two-Factor Authentication | ${brand.name}` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { enabled: user.twoFactorEnabled };
}

/** Step 2 of setup: the secret to add to the authenticator app, and the one-time backup codes. */
const enrolmentSchema = z.object({
  totpURI: z.string().max(1000).startsWith("otpauth://totp/"),
  backupCodes: z.array(z.string().max(64)).max(20),
});
type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * The enrolment the page sent back with the code (shown again when the code is wrong). It comes
 * from the browser: anything else than what we rendered is dropped, never a 500 or a foreign link.
 */
function enrolmentFrom(value: FormDataEntryValue | null): Enrolment | undefined {
  try {
    const parsed = enrolmentSchema.safeParse(JSON.parse(String(value ?? "null")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
type ActionData = { errors?: FieldErrors; formError?: string; enrolment?: Enrolment };

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const password = String(formData.get("password") ?? "");

  if (intent === "enable" || intent === "disable") {
    if (!password)
      return data<ActionData>({ errors: { password: messages.passwordRequired } }, { status: 400 });
    if (intent === "enable") {
      const result = await tryAuth(
        context.auth.api.enableTwoFactor({ body: { password }, headers: request.headers }),
      );
      if (!result.ok) return data<ActionData>(passwordError(result.error), { status: result.error.status });
      if (result.value.method !== "totp") return data<ActionData>({ formError: "TOTP is not available." });
      const { totpURI, backupCodes } = result.value;
      return data<ActionData>({ enrolment: { totpURI, backupCodes } });
    }
    const result = await tryAuth(
      context.auth.api.disableTwoFactor({
        body: { password },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) return data<ActionData>(passwordError(result.error), { status: result.error.status });
    return redirectWithToast(
      "/account",
      { title: "Two-factor authentication turned off", variant: "success" },
      { headers: cookiesFrom(result.value.headers) },
    );
  }

  // intent "verify": the first code from the app proves it is set up; only then is 2FA switched on.
  const enrolment = enrolmentFrom(formData.get("enrolment"));
  const parsed = parseForm(totpCodeSchema, formData);
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, enrolment }, { status: 400 });
  const result = await tryAuth(
    context.auth.api.verifyTOTP({
      body: { code: parsed.data.code },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    return data<ActionData>(
      {
        errors: { code: "That code is not valid. Check the time on your device and try again." },
        enrolment,
      },
      { status: result.error.status },
    );
  }
  return redirectWithToast(
    "/account",
    {
      title: "Two-factor authentication enabled",
      description: "Signing in now asks for a code from your authenticator app.",
      variant: "success",
    },
    { headers: cookiesFrom(result.value.headers) },
  );
}

function passwordError(error: { code?: string; message: string }): ActionData {
  return error.code === "INVALID_PASSWORD"
    ? { errors: { password: "Your password is not correct." } }
    : { formError: error.message };
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const enrolment = actionData?.enrolment;
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col px-4 py-12">
      <Card>
        <CardContent className="flex flex-col gap-6">
          <AuthHeading title="Two-Factor Authentication">
            {loaderData.enabled
              ? "Two-factor authentication is on for your account."
              : "Protect your account with a code from an authenticator app (Google Authenticator, 1Password, Authy…) at every sign-in."}
          </AuthHeading>
          {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
          {enrolment ? (
            <Enrol enrolment={enrolment} codeError={errors.code} />
          ) : (
            <Form method="post" noValidate className="flex flex-col gap-4">
              <InputField
                id="twofactor-password"
                name="password"
                type="password"
                label="Confirm with your password"
                autoComplete="current-password"
                error={errors.password}
              />
              <SubmitButton
                intent={loaderData.enabled ? "disable" : "enable"}
                pendingLabel="Please wait..."
                variant={loaderData.enabled ? "destructive" : "default"}
              >
                {loaderData.enabled
                  ? "Turn off two-factor authentication"
                  : "Set up two-factor authentication"}
              </SubmitButton>
            </Form>
          )}
          <Link to="/account" className="self-center text-sm text-primary underline-offset-4 hover:underline">
            Back to My Account
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

function Enrol({ enrolment, codeError }: { enrolment: Enrolment; codeError?: string }) {
  const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted-foreground">
        <li>
          In your authenticator app, add an account with this key (or{" "}
          <a href={enrolment.totpURI} className="text-primary underline underline-offset-4">
            open it in the app
          </a>
          ):
          <code className="mt-2 block rounded-md border bg-muted px-3 py-2 font-mono text-base break-all text-foreground">
            {secret}
          </code>
        </li>
        <li>
          Keep these backup codes somewhere safe. Each works once if you lose your device:
          <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-foreground">
            {enrolment.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="enrolment" value={JSON.stringify(enrolment)} />
        <InputField
          id="twofactor-code"
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={codeError}
        />
        <SubmitButton intent="verify" pendingLabel="Verifying...">
          Turn on two-factor authentication
        </SubmitButton>
      </Form>
    </div>
  );
}
