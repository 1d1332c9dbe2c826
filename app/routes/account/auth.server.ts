import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { data, redirect } from "react-router";
import { parseForm, safeRedirectPath } from "~/lib/forms.ts";
import { optInAtSignUp } from "~/routes/store/newsletter.server.ts";
import {
  forgotPasswordSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~core/forms/account-forms.ts";
import { cookiesFrom, tryAuth } from "~server/accounts/auth-call.ts";
import { VERIFIED_CALLBACK } from "~server/auth/auth.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~server/auth/common-passwords.ts";
import { PASSKEY_SIGN_IN_FAILED, parsePasskeyResponse } from "~server/auth/passkeys.ts";
import type { RequestContext } from "~server/context.ts";
import { type FlashToast, redirectWithToast, type ToastVariant } from "~server/http/flash.ts";
import type { AuthActionData } from "./auth-types.ts";
import { onSignedIn } from "./on-signed-in.server.ts";

type Args = { context: RequestContext; request: Request; formData: FormData };

const toast = (title: string, description: string, variant: ToastVariant = "default"): FlashToast => ({
  id: crypto.randomUUID(),
  title,
  description,
  variant,
});

const reply = (body: AuthActionData, status = 200) => data(body, { status });

export async function signIn({ context, request, formData }: Args) {
  const parsed = parseForm(signInSchema, formData);
  if (!parsed.ok) return reply({ intent: "signin", errors: parsed.errors, values: parsed.values }, 400);
  const { email, password } = parsed.data;
  const redirectTo = safeRedirectPath(parsed.data.redirectTo);
  const result = await tryAuth(
    context.auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    const unverified = result.error.code === "EMAIL_NOT_VERIFIED";
    const message = unverified
      ? "Please verify your email address before signing in. Check your inbox for the link we sent you."
      : result.error.message || "Please check your credentials and try again.";
    return reply(
      {
        intent: "signin",
        values: { email },
        formError: message,
        unverifiedEmail: unverified ? email : undefined,
        toast: toast("Sign in failed", message, "destructive"),
      },
      result.error.status,
    );
  }
  const { headers, response } = result.value;
  const cookies = cookiesFrom(headers);
  // Accounts with two-factor get a short-lived challenge cookie instead of a session.
  if ((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: cookies });
  }
  return completeSignIn(context, request, response.user.id, cookies, redirectTo);
}

/** Sign-in with a passkey: the browser's signed answer, checked by better-auth's passkey plugin. */
export async function signInWithPasskey({ context, request, formData }: Args) {
  const redirectTo = safeRedirectPath(String(formData.get("redirectTo") ?? ""));
  const response = parsePasskeyResponse<AuthenticationResponseJSON>(formData.get("response"));
  const result = response
    ? await tryAuth(
        context.auth.api.verifyPasskeyAuthentication({
          body: { response },
          headers: request.headers,
          returnHeaders: true,
        }),
      )
    : undefined;
  if (!result?.ok) {
    const message = result && result.error.status === 429 ? result.error.message : PASSKEY_SIGN_IN_FAILED;
    return reply(
      { intent: "passkey", formError: message, toast: toast("Sign in failed", message, "destructive") },
      result?.error.status ?? 400,
    );
  }
  const { headers, response: signedIn } = result.value;
  return completeSignIn(context, request, signedIn.user.id, cookiesFrom(headers), redirectTo);
}

/** After the last sign-in step: join guest state to the account, greet, and go on. */
export async function completeSignIn(
  context: RequestContext,
  request: Request,
  userId: string,
  cookies: Headers,
  redirectTo: string,
) {
  cookiesFrom(await onSignedIn(context, request, userId), cookies);
  return redirectWithToast(
    redirectTo,
    { title: "Welcome back!", description: "You have been signed in successfully.", variant: "success" },
    { headers: cookies },
  );
}

export async function signUp({ context, request, formData }: Args) {
  const parsed = parseForm(signUpSchema, formData);
  if (!parsed.ok) {
    return reply({ intent: "signup", tab: "signup", errors: parsed.errors, values: parsed.values }, 400);
  }
  const { name, email, password } = parsed.data;
  if (isCommonPassword(password)) {
    const errors = { password: COMMON_PASSWORD_MESSAGE };
    return reply({ intent: "signup", tab: "signup", errors, values: { name, email } }, 400);
  }
  // With verification required, better-auth answers the same for a new and an existing address.
  const result = await tryAuth(
    context.auth.api.signUpEmail({
      body: { name, email, password, callbackURL: VERIFIED_CALLBACK },
      headers: request.headers,
    }),
  );
  if (!result.ok) {
    const message = result.error.message || "Please try again.";
    return reply(
      {
        intent: "signup",
        tab: "signup",
        values: { name, email },
        formError: message,
        toast: toast("Sign up failed", message, "destructive"),
      },
      result.error.status,
    );
  }
  if (formData.get("newsletter") === "on") await optInAtSignUp(context, email);
  return reply({
    intent: "signup",
    tab: "signin",
    values: { email },
    notice: "Account created! Please check your email to verify your account.",
    toast: toast("Account created!", "Please check your email to verify your account.", "success"),
  });
}

export async function resendVerification({ context, request, formData }: Args) {
  const parsed = parseForm(resendVerificationSchema, formData);
  if (!parsed.ok) return reply({ intent: "resend", errors: parsed.errors }, 400);
  const { email } = parsed.data;
  const result = await tryAuth(
    context.auth.api.sendVerificationEmail({
      body: { email, callbackURL: VERIFIED_CALLBACK },
      headers: request.headers,
    }),
  );
  if (!result.ok) {
    return reply(
      {
        intent: "resend",
        values: { email },
        formError: result.error.message,
        unverifiedEmail: email,
        toast: toast("Error", result.error.message, "destructive"),
      },
      result.error.status,
    );
  }
  const notice = "If this address still needs verifying, a new verification link is on its way.";
  return reply({
    intent: "resend",
    values: { email },
    notice,
    toast: toast("Verification email sent", notice, "success"),
  });
}

export async function forgotPassword({ context, request, formData }: Args) {
  const parsed = parseForm(forgotPasswordSchema, formData);
  if (!parsed.ok) return reply({ intent: "forgot", errors: parsed.errors, values: parsed.values }, 400);
  const { email } = parsed.data;
  // The answer is the same whether or not the address has an account.
  const result = await tryAuth(
    context.auth.api.requestPasswordReset({ body: { email }, headers: request.headers }),
  );
  if (!result.ok) {
    const message = result.error.message || "Failed to send password reset email.";
    return reply(
      {
        intent: "forgot",
        values: { email },
        formError: message,
        toast: toast("Error", message, "destructive"),
      },
      result.error.status,
    );
  }
  return reply({
    intent: "forgot",
    sentTo: email,
    toast: toast("Password reset email sent", "Please check your email for further instructions.", "success"),
  });
}

export async function resetPassword({ context, request, formData }: Args) {
  const parsed = parseForm(resetPasswordSchema, formData);
  if (!parsed.ok) return reply({ intent: "reset", errors: parsed.errors }, 400);
  const { password, token } = parsed.data;
  if (isCommonPassword(password)) {
    return reply({ intent: "reset", errors: { password: COMMON_PASSWORD_MESSAGE } }, 400);
  }
  const result = await tryAuth(
    context.auth.api.resetPassword({ body: { newPassword: password, token }, headers: request.headers }),
  );
  if (!result.ok) {
    const message =
      result.error.code === "INVALID_TOKEN"
        ? "This password reset link is invalid or has expired. Please request a new one."
        : result.error.message || "Failed to update password.";
    return reply(
      { intent: "reset", formError: message, toast: toast("Error", message, "destructive") },
      result.error.status,
    );
  }
  return redirectWithToast("/", {
    title: "Password updated!",
    description: "Your password has been successfully updated. You can now sign in with your new password.",
    variant: "success",
  });
}
