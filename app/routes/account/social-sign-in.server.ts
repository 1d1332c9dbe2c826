import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/lib/forms.ts";
import { cookiesFrom, tryAuth } from "~server/accounts/auth-call.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { SOCIAL_ERRORS, socialButtons } from "~server/auth/social.ts";
import type { RequestContext } from "~server/context.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { onSignedIn } from "./on-signed-in.server.ts";

export type SocialProvider = "google" | "apple";

/** Where a customer lands after Google / Apple without a page to return to. */
const ACCOUNT_PAGE = "/account";

/** /auth?social=done: better-auth's callback set the session and sent the browser back here. */
export const SOCIAL_DONE = "done";

/**
 * "Continue with Google / Apple": better-auth answers the provider's authorization URL and sets
 * the state cookie; the browser follows the redirect. A provider without keys is not offered.
 */
export async function signInWithProvider(
  context: RequestContext,
  request: Request,
  provider: SocialProvider,
  formData: FormData,
) {
  if (!socialButtons(context.config.social)[provider]) throw data("Unknown form", { status: 400 });
  const redirectTo = safeRedirectPath(String(formData.get("redirectTo") ?? ""), "");
  const back = `/auth?social=${SOCIAL_DONE}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const result = await tryAuth(
    context.auth.api.signInSocial({
      body: { provider, callbackURL: back, errorCallbackURL: "/auth", disableRedirect: true },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok || !result.value.response.url) return failed("SIGN_IN_UNAVAILABLE");
  return redirect(result.value.response.url, { headers: cookiesFrom(result.value.headers) });
}

/** Back from the provider, signed in: join guest state to the account and go on. */
export async function afterSocialSignIn(context: RequestContext, request: Request, params: URLSearchParams) {
  const user = await getSessionUser(context, request);
  if (!user) return failed("SIGN_IN_UNAVAILABLE");
  const headers = await onSignedIn(context, request, user.id);
  return redirectWithToast(
    safeRedirectPath(params.get("redirectTo"), ACCOUNT_PAGE),
    { title: "Welcome!", description: "You have been signed in successfully.", variant: "success" },
    { headers },
  );
}

/**
 * better-auth's callback errors (/auth?error=…), said in words. Which accounts exist is never
 * revealed beyond what signing in with a password would tell.
 */
const MESSAGES: Record<string, string> = {
  account_not_linked:
    "This email already has an account here. Sign in with your password (or verify your email first) to use it.",
  email_not_verified: "Please verify your email address: check your inbox for the link we sent you.",
  [SOCIAL_ERRORS.staff]: "Staff accounts sign in with their password on the admin login page.",
};
const FALLBACK = "Signing in with that provider did not work. Please try again, or use your password.";

export function failed(code: string) {
  return redirectWithToast("/auth", {
    title: "Sign in failed",
    description: MESSAGES[code] ?? FALLBACK,
    variant: "destructive",
  });
}
