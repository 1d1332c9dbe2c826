import { Form, Link } from "react-router";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import type { AuthActionData } from "~/routes/account/auth-types.ts";
import { AuthHeading } from "./auth-heading.tsx";
import { SubmitButton } from "./submit-button.tsx";

export function ResetPasswordForm({ result, token }: { result?: AuthActionData; token: string }) {
  const own = result?.intent === "reset" ? result : undefined;
  const errors = own?.errors ?? {};
  const formError =
    own?.formError ??
    (token ? undefined : "This password reset link is incomplete. Please request a new one.");
  return (
    <div className="flex flex-col gap-6">
      <AuthHeading title="Reset Your Password">Choose a new password for your account.</AuthHeading>
      <Form method="post" noValidate className="flex flex-col gap-4">
        {formError && (
          <FormAlert>
            {formError}{" "}
            <Link to="/auth?mode=forgot" className="underline underline-offset-4">
              Request a new link
            </Link>
          </FormAlert>
        )}
        <input type="hidden" name="token" value={token} />
        <InputField
          id="reset-password"
          name="password"
          type="password"
          label="New Password"
          autoComplete="new-password"
          error={errors.password}
        />
        <InputField
          id="reset-confirm"
          name="confirmPassword"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <SubmitButton intent="reset" pendingLabel="Updating...">
          Update Password
        </SubmitButton>
        <Link to="/auth" className="self-center text-sm text-primary underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </Form>
    </div>
  );
}
