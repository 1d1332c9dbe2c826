import { ArrowLeft, MailCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import type { AuthActionData } from "~/routes/account/auth-types.ts";
import { AuthHeading } from "./auth-heading.tsx";
import { SubmitButton } from "./submit-button.tsx";

export function ForgotPassword({ result }: { result?: AuthActionData }) {
  const own = result?.intent === "forgot" ? result : undefined;
  if (own?.sentTo) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <AuthHeading title="Check Your Email">
          If an account exists for <span className="break-all text-foreground">{own.sentTo}</span>, we have
          sent a link to reset your password. It works once and expires in 1 hour.
        </AuthHeading>
        <Link to="/auth" className={buttonClass({ className: "w-full" })}>
          Back to Sign In
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/auth"
        className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Sign In
      </Link>
      <AuthHeading title="Forgot Password">
        Enter the email address of your account and we will send you a link to reset your password.
      </AuthHeading>
      <Form method="post" noValidate className="flex flex-col gap-4">
        {own?.formError && <FormAlert>{own.formError}</FormAlert>}
        <InputField
          id="forgot-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={own?.values?.email ?? ""}
          error={own?.errors?.email}
        />
        <SubmitButton intent="forgot" pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
      </Form>
    </div>
  );
}
