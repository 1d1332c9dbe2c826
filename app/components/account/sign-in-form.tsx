import { Form, Link } from "react-router";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import { passkeySignInResponse } from "~/lib/passkeys.ts";
import type { AuthActionData } from "~/routes/account/auth-types.ts";
import { PasskeyButton } from "./passkey-button.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { TabSwitch } from "./tab-switch.tsx";

export function SignInForm({ result, redirectTo }: { result?: AuthActionData; redirectTo: string }) {
  const own =
    result?.intent === "signin" || result?.intent === "resend" || result?.intent === "passkey"
      ? result
      : undefined;
  const signedUp = result?.intent === "signup" && result.notice ? result : undefined;
  const errors = own?.errors ?? {};
  const email = own?.values?.email ?? signedUp?.values?.email ?? "";
  return (
    <div className="flex flex-col gap-4">
      {signedUp && <FormAlert tone="success">{signedUp.notice}</FormAlert>}
      {own?.notice && <FormAlert tone="success">{own.notice}</FormAlert>}
      {own?.formError && <FormAlert>{own.formError}</FormAlert>}
      {own?.unverifiedEmail && (
        <Form method="post">
          <input type="hidden" name="email" value={own.unverifiedEmail} />
          <SubmitButton intent="resend" pendingLabel="Sending..." variant="outline">
            Resend verification email
          </SubmitButton>
        </Form>
      )}
      <Form method="post" noValidate className="flex flex-col gap-4">
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <InputField
          id="signin-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={email}
          error={errors.email}
        />
        <InputField
          id="signin-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Link
          to="/auth?mode=forgot"
          className="self-end text-sm text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
        <SubmitButton intent="signin" pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </Form>
      <PasskeyButton
        ceremony={passkeySignInResponse}
        fields={{ intent: "passkey", redirectTo }}
        label="Use a passkey"
        pendingLabel="Waiting for your passkey..."
      />
      <TabSwitch to={`/auth?tab=signup${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
        New here? Create an account
      </TabSwitch>
    </div>
  );
}
