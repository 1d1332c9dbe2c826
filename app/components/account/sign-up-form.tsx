import { Form } from "react-router";
import { NewsConsentBox } from "~/components/store/news-consent-box.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import type { AuthActionData } from "~/routes/account/auth-types.ts";
import { SubmitButton } from "./submit-button.tsx";
import { TabSwitch } from "./tab-switch.tsx";

export function SignUpForm({ result }: { result?: AuthActionData }) {
  const own = result?.intent === "signup" ? result : undefined;
  const errors = own?.errors ?? {};
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      {own?.formError && <FormAlert>{own.formError}</FormAlert>}
      <InputField
        id="signup-name"
        name="name"
        label="Full Name"
        autoComplete="name"
        defaultValue={own?.values?.name ?? ""}
        error={errors.name}
      />
      <InputField
        id="signup-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        defaultValue={own?.values?.email ?? ""}
        error={errors.email}
      />
      <InputField
        id="signup-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password}
      />
      <NewsConsentBox id="signup-newsletter" />
      <SubmitButton intent="signup" pendingLabel="Creating account...">
        Sign Up
      </SubmitButton>
      <p className="text-xs text-muted-foreground">
        Our{" "}
        <a href="/policies/privacy" target="_blank" className="underline" rel="noopener">
          Privacy policy
        </a>{" "}
        says which data we keep and how to download or delete it.
      </p>
      <TabSwitch to="/auth">Already have an account? Sign in</TabSwitch>
    </Form>
  );
}
