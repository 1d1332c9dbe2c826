import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { ShieldAlert } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { PasskeyButton } from "~/components/account/passkey-button.tsx";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { passkeySignInResponse } from "~/lib/passkeys.ts";
import { brand } from "~core/brand.ts";
import { type ActionToast, actionToast } from "~core/toast.ts";
import {
  type AdminSignInResult,
  signInAdmin,
  signInAdminWithPasskey,
  signOutSession,
  verifyAdminTotp,
} from "~server/auth/admin-login.ts";
import { ADMIN_LOGIN } from "~server/auth/guards.ts";
import { parsePasskeyResponse } from "~server/auth/passkeys.ts";
import { getSessionUser } from "~server/auth/session.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/login";

const ACCESS_DENIED = "This account doesn't have admin privileges. Please contact an administrator.";

export function meta() {
  return [{ title: `Admin Login | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * An admin goes straight on; anyone else signed in is told why and offered a sign-out button.
 * A GET never signs anybody out: any site could link here and end a shopper's session.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  // A staff member's Google / Apple session is not an admin session (guards.ts): sign in here.
  if (user?.role === "admin" && !user.signedInWithSocial) throw redirect("/admin");
  return { signedInAs: user?.email ?? null };
}

const credentialsSchema = z.object({
  email: z.email("Enter a valid email address").trim().toLowerCase(),
  password: z.string().min(1, "Enter your password"),
});
const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  if (form.intent === "sign-out") {
    const headers = new Headers();
    for (const cookie of await signOutSession(context.auth, request.headers))
      headers.append("Set-Cookie", cookie);
    return redirect(ADMIN_LOGIN, { headers });
  }
  if (form.intent === "passkey") {
    const response = parsePasskeyResponse<AuthenticationResponseJSON>(formData.get("response"));
    return answerSignIn(await signInAdminWithPasskey(context.auth, response, request.headers), false, "");
  }
  const twoFactorStep = form.intent === "verify-code";
  const parsed = parseForm(twoFactorStep ? codeSchema : credentialsSchema, formData);
  if (!parsed.ok) {
    return data(
      {
        step: twoFactorStep ? "code" : "password",
        email: String(form.email ?? ""),
        errors: parsed.errors,
        denied: false,
        toast: null,
      },
      { status: 400 },
    );
  }
  const result =
    "code" in parsed.data
      ? await verifyAdminTotp(context.auth, parsed.data.code, request.headers)
      : await signInAdmin(context.auth, parsed.data, request.headers);
  return answerSignIn(result, twoFactorStep, "email" in parsed.data ? parsed.data.email : "");
}

/** The page's answer to a sign-in attempt (password, code or passkey). */
async function answerSignIn(result: AdminSignInResult, twoFactorStep: boolean, email: string) {
  const headers = new Headers();
  if ("cookies" in result) for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  switch (result.kind) {
    case "signed-in":
      return redirectWithToast(
        "/admin",
        { title: "Login successful", description: "Welcome to the admin dashboard", variant: "success" },
        { headers },
      );
    case "two-factor":
      return data({ step: "code", email: "", errors: {}, denied: false, toast: null }, { headers });
    case "not-admin":
      return data(
        {
          step: "password",
          email: "",
          errors: {},
          denied: true,
          toast: actionToast({ title: "Access Denied", description: ACCESS_DENIED, variant: "destructive" }),
        },
        { headers, status: 403 },
      );
    case "failed":
      return data(
        {
          step: twoFactorStep ? "code" : "password",
          email,
          errors: {},
          denied: false,
          toast: actionToast({
            title: "Login failed",
            description: result.message || "Please check your credentials",
            variant: "destructive",
          }),
        },
        { status: 401 },
      );
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const toast: ActionToast | null = actionData?.toast ?? null;
  useFlashToast(toast);
  const busy = useNavigation().state === "submitting";
  const signedInAs = actionData ? null : loaderData.signedInAs;
  const denied = actionData?.denied ?? signedInAs !== null;
  const step = actionData?.step ?? "password";
  const errors: FieldErrors = actionData?.errors ?? {};
  const failed = denied ? undefined : toast?.description;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="font-display text-lg text-primary">{brand.name}</p>
          <h1 className="font-display text-xl leading-tight font-semibold">Admin Login</h1>
          <CardDescription>Sign in to manage the shop.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {denied && (
            <div
              role="alert"
              className="flex gap-3 rounded-md border border-destructive-text/50 bg-destructive/15 p-3 text-sm"
            >
              <ShieldAlert className="size-5 shrink-0 text-destructive-text" aria-hidden />
              <div>
                <p className="font-semibold">Access Denied</p>
                <p className="text-muted-foreground">{ACCESS_DENIED}</p>
                {signedInAs && <SignedInAs email={signedInAs} />}
              </div>
            </div>
          )}
          {failed && (
            <p role="alert" className="text-sm text-destructive-text">
              {failed}
            </p>
          )}
          {step === "code" ? (
            <Form method="post" className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="verify-code" />
              <Field id="code" label="Authentication code" error={errors.code}>
                {(control) => (
                  <Input
                    {...control}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="\d{6}"
                    required
                    autoFocus
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                {busy ? "Verifying..." : "Verify"}
              </Button>
            </Form>
          ) : (
            <Form method="post" className="flex flex-col gap-4">
              <Field id="email" label="Email" error={errors.email}>
                {(control) => (
                  <Input
                    {...control}
                    name="email"
                    type="email"
                    autoComplete="username"
                    defaultValue={actionData?.email}
                    required
                  />
                )}
              </Field>
              <Field id="password" label="Password" error={errors.password}>
                {(control) => (
                  <Input
                    {...control}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    required
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                {busy ? "Signing in..." : "Sign In"}
              </Button>
            </Form>
          )}
          {step === "password" && (
            <PasskeyButton
              ceremony={passkeySignInResponse}
              fields={{ intent: "passkey" }}
              label="Use a passkey"
              pendingLabel="Waiting for your passkey..."
            />
          )}
        </CardContent>
      </Card>
    </main>
  );
}

/** A customer who opened the back office: who they are, and a way out that is a POST. */
function SignedInAs({ email }: { email: string }) {
  return (
    <Form method="post" className="mt-2 flex flex-col items-start gap-2">
      <p className="text-muted-foreground">
        You are signed in as <span className="break-all text-foreground">{email}</span>.
      </p>
      <Button type="submit" name="intent" value="sign-out" variant="outline" size="sm">
        Sign out
      </Button>
    </Form>
  );
}
