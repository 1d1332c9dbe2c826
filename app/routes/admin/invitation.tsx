import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { type RoleKey, roles } from "~core/staff/roles.ts";
import { actionToast } from "~core/toast.ts";
import { signInAdmin } from "~server/auth/admin-login.ts";
import { ADMIN_LOGIN } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { acceptInputSchema, acceptInvitation, findOpenInvitation } from "~server/staff/invitations.ts";
import type { Route } from "./+types/invitation";

export function meta() {
  return [{ title: `Join the back office | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

/** The invitation behind the link (name, address, role), or `gone` for a used, revoked or expired one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const open = await findOpenInvitation(context.database.db, params.token);
  if (!open)
    return data({ invitation: null }, { status: 404, headers: { "Referrer-Policy": "no-referrer" } });
  const role = roles[open.role as RoleKey]?.name ?? open.role;
  return data(
    { invitation: { name: open.name, email: open.email, role } },
    { headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } },
  );
}

/** Sets the password, joins the staff, signs in and opens the back office. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = parseForm(acceptInputSchema, await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors, toast: null }, { status: 400 });
  const accepted = await settle(context.log, "accepting a staff invitation failed", () =>
    acceptInvitation(context.database.db, params.token, parsed.data.password),
  );
  if (!accepted.ok)
    return data(
      { errors: {} as FieldErrors, toast: actionToast({ ...accepted.message, variant: "destructive" }) },
      { status: accepted.status },
    );
  context.log.info({ userId: accepted.value.userId, role: accepted.value.role }, "staff invitation accepted");
  const signedIn = await signInAdmin(
    context.auth,
    { email: accepted.value.email, password: parsed.data.password },
    request.headers,
  );
  const headers = new Headers();
  if (signedIn.kind === "signed-in") {
    for (const cookie of signedIn.cookies) headers.append("Set-Cookie", cookie);
    return redirectWithToast(
      "/admin",
      { title: "Welcome to the back office", variant: "success" },
      { headers },
    );
  }
  // Two-factor already on (an existing account): sign in with the code at the login page.
  return redirectWithToast(ADMIN_LOGIN, {
    title: "Password set",
    description: "Sign in to continue.",
    variant: "success",
  });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = actionData?.errors ?? {};
  const { invitation } = loaderData;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="font-display text-lg text-primary">{brand.name}</p>
          <h1 className="font-display text-xl leading-tight font-semibold">
            {invitation ? "Join the back office" : "This invitation no longer works"}
          </h1>
          <CardDescription>
            {invitation
              ? `${invitation.name} (${invitation.email}), you are invited as ${invitation.role}. Choose a password to accept.`
              : "It was used, revoked or has expired. Ask the shop owner for a new one."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {invitation ? (
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input
                type="email"
                name="email"
                value={invitation.email}
                autoComplete="username"
                readOnly
                hidden
              />
              <Field id="password" label="Password" error={errors.password} hint="At least 10 characters.">
                {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required />}
              </Field>
              <Field id="confirm" label="Repeat the password" error={errors.confirm}>
                {(p) => <Input {...p} name="confirm" type="password" autoComplete="new-password" required />}
              </Field>
              <Button type="submit" disabled={busy}>
                {busy ? "Joining…" : "Accept invitation"}
              </Button>
            </Form>
          ) : (
            <Link to="/admin/login" className="text-sm text-primary underline-offset-4 hover:underline">
              Go to the admin login
            </Link>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
