import { KeyRound, LogOut, MapPin, Repeat, ShieldCheck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { changePasswordSchema } from "~core/forms/account-forms.ts";
import { cookiesFrom, homeSignedOut, tryAuth } from "~server/accounts/auth-call.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~server/auth/common-passwords.ts";
import { requireUser } from "~server/auth/session.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: `My Account | ${brand.name}` }];
}

/** Where a successful password change lands (also without JavaScript, where toasts do not show). */
const PASSWORD_CHANGED = "/account?password=changed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const changed = new URL(request.url).searchParams.get("password") === "changed";
  return {
    email: user.email,
    name: user.name,
    twoFactorEnabled: user.twoFactorEnabled,
    notice: changed ? "Your password has been changed." : undefined,
  };
}

type ActionData = { errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const formData = await request.formData();
  if (formData.get("intent") === "sign-out-everywhere") {
    // Deletes every session of this user (all devices) and this browser's cookie.
    const result = await tryAuth(
      context.auth.api.revokeSessions({ headers: request.headers, returnHeaders: true }),
    );
    return homeSignedOut(result, {
      title: "Signed out everywhere",
      description: "You have been signed out on all your devices.",
      variant: "success",
    });
  }

  const parsed = parseForm(changePasswordSchema, formData);
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors }, { status: 400 });
  if (isCommonPassword(parsed.data.password)) {
    return data<ActionData>({ errors: { password: COMMON_PASSWORD_MESSAGE } }, { status: 400 });
  }
  const result = await tryAuth(
    context.auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        // Ends every other session; this browser gets a fresh one.
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    const wrongPassword = result.error.code === "INVALID_PASSWORD";
    return data<ActionData>(
      wrongPassword
        ? { errors: { currentPassword: "Your current password is not correct." } }
        : { formError: result.error.message || "Failed to update password." },
      { status: result.error.status },
    );
  }
  // The old session is gone; the response carries the new session cookie. A redirect, not a page:
  // on a plain form post the page's loader would run with the old cookie and sign the user out.
  return redirectWithToast(
    PASSWORD_CHANGED,
    {
      title: "Password updated!",
      description: "Your password has been changed and your other devices were signed out.",
      variant: "success",
    },
    { headers: cookiesFrom(result.value.headers) },
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12 sm:px-6">
      <div>
        <h1 className="font-display text-4xl font-semibold text-primary">My Account</h1>
        <p className="mt-2 text-muted-foreground">
          Signed in as <span className="break-all text-foreground">{loaderData.email}</span>
        </p>
      </div>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Subscriptions</h2>
          <CardDescription>See your monthly subscriptions and cancel one anytime.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account/subscriptions" className={buttonClass({ variant: "outline" })}>
            <Repeat aria-hidden />
            My Subscriptions
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Addresses</h2>
          <CardDescription>Save the addresses you ship to; checkout offers them.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account/addresses" className={buttonClass({ variant: "outline" })}>
            <MapPin aria-hidden />
            My Addresses
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Change Password</h2>
          <CardDescription>Changing your password signs you out on every other device.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate className="flex flex-col gap-4">
            {loaderData.notice && !actionData && <FormAlert tone="success">{loaderData.notice}</FormAlert>}
            {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
            <InputField
              id="current-password"
              name="currentPassword"
              type="password"
              label="Current Password"
              autoComplete="current-password"
              error={errors.currentPassword}
            />
            <InputField
              id="new-password"
              name="password"
              type="password"
              label="New Password"
              autoComplete="new-password"
              error={errors.password}
            />
            <InputField
              id="confirm-password"
              name="confirmPassword"
              type="password"
              label="Confirm New Password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <SubmitButton intent="change-password" pendingLabel="Updating..." className="self-start">
              Update Password
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Two-Factor Authentication</h2>
          <CardDescription>
            {loaderData.twoFactorEnabled
              ? "On: signing in asks for a code from your authenticator app."
              : "Off: add a code from an authenticator app to every sign-in."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account/two-factor" className={buttonClass({ variant: "outline" })}>
            <ShieldCheck aria-hidden />
            {loaderData.twoFactorEnabled
              ? "Manage two-factor authentication"
              : "Set up two-factor authentication"}
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Passkeys</h2>
          <CardDescription>
            Sign in with your fingerprint, face or device PIN instead of a password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account/passkeys" className={buttonClass({ variant: "outline" })}>
            <KeyRound aria-hidden />
            Manage passkeys
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Privacy</h2>
          <CardDescription>Download a copy of your data, or delete your account.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account/privacy" className={buttonClass({ variant: "outline" })}>
            My data and privacy
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="font-display text-xl leading-tight font-semibold">Devices</h2>
          <CardDescription>
            Signed in on a device you no longer use? End every session at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post">
            <SubmitButton
              intent="sign-out-everywhere"
              pendingLabel="Signing out..."
              variant="destructive"
              className="self-start"
            >
              <LogOut aria-hidden />
              Sign out of all devices
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
