import { Form } from "react-router";
import { SubmitButton } from "./submit-button.tsx";

/** Which providers the shop has keys for (server/auth/social.ts); the others are not shown. */
export type SocialChoices = { google: boolean; apple: boolean };

/**
 * "Continue with Google / Apple". A whole-document form post: the answer is a redirect to the
 * provider's page, which the Content-Security-Policy's form-action allows.
 */
export function SocialSignIn({ choices, redirectTo }: { choices: SocialChoices; redirectTo: string }) {
  if (!choices.google && !choices.apple) return null;
  return (
    <Form method="post" reloadDocument className="flex flex-col gap-2">
      <p className="text-center text-sm text-muted-foreground">or</p>
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {choices.google && (
        <SubmitButton intent="google" pendingLabel="Opening Google..." variant="outline">
          Continue with Google
        </SubmitButton>
      )}
      {choices.apple && (
        <SubmitButton intent="apple" pendingLabel="Opening Apple..." variant="outline">
          Continue with Apple
        </SubmitButton>
      )}
    </Form>
  );
}
