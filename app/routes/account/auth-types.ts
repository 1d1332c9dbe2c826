import type { FieldErrors } from "~/lib/forms.ts";
import type { FlashToast } from "~server/http/flash.ts";

/** What the /auth action answers when it stays on the page. */
export type AuthActionData = {
  intent: "signin" | "passkey" | "signup" | "forgot" | "reset" | "resend";
  /** Which tab to show afterwards (sign-up success moves to Sign In). */
  tab?: "signin" | "signup";
  errors?: FieldErrors;
  values?: Record<string, string>;
  formError?: string;
  notice?: string;
  /** Sign-in refused because the address is not verified yet: offer to resend the link. */
  unverifiedEmail?: string;
  /** Forgot password: the address the link went to (shown on 'Check Your Email'). */
  sentTo?: string;
  toast?: FlashToast;
};
