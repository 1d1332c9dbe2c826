import { isAPIError } from "better-auth/api";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { brand } from "~/lib/brand.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { requireAdminRole } from "~server/auth/guards.ts";
import type { Route } from "./+types/two-factor";

/** With REQUIRE_ADMIN_2FA, requireAdmin sends admins without two-factor here to turn it on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminRole(context, request);
  if (user.twoFactorEnabled) throw redirect("/admin/dashboard");
  return { email: user.email };
}

const enableSchema = z.object({
  intent: z.literal("enable"),
  password: z.string().min(1, "Enter your password"),
});
const verifySchema = z.object({
  intent: z.literal("verify"),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminRole(context, request);
  if (user.twoFactorEnabled) throw redirect("/admin/dashboard");
  const parsed = z
    .discriminatedUnion("intent", [enableSchema, verifySchema])
    .safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Check the form", setup: null }, { status: 400 });
  try {
    if (parsed.data.intent === "enable") {
      const setup = await context.auth.api.enableTwoFactor({
        body: { password: parsed.data.password },
        headers: request.headers,
      });
      if (setup.method !== "totp")
        return data({ error: "Authenticator apps are not enabled", setup: null }, { status: 400 });
      return { error: null, setup: { totpURI: setup.totpURI, backupCodes: setup.backupCodes } };
    }
    const verified = await context.auth.api.verifyTOTP({
      body: { code: parsed.data.code },
      headers: request.headers,
      returnHeaders: true,
    });
    const headers = new Headers();
    for (const cookie of verified.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirectWithToast(
      "/admin/dashboard",
      { title: "Two-factor authentication is on", variant: "success" },
      { headers },
    );
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return data({ error: error.body?.message || error.message, setup: null }, { status: 400 });
  }
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const setup = actionData?.setup;
  const secret = setup ? new URL(setup.totpURI).searchParams.get("secret") : null;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="font-display text-lg text-primary">{brand.name}</p>
          <h1 className="font-display text-xl font-semibold">Set up two-factor authentication</h1>
          <CardDescription>
            The admin panel requires a code from an authenticator app for {loaderData.email}.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {actionData?.error && (
            <p role="alert" className="text-sm text-destructive-text">
              {actionData.error}
            </p>
          )}
          {setup ? (
            <>
              <p className="text-sm">Add this key to your authenticator app, then enter the code it shows.</p>
              <p className="rounded-md bg-muted p-3 font-mono text-sm break-all">{secret}</p>
              <details className="text-sm">
                <summary>Backup codes (keep them safe)</summary>
                <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
                  {setup.backupCodes.map((c: string) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </details>
            </>
          ) : null}
          <Form method="post" className="flex flex-col gap-4">
            {setup || actionData?.error?.toLowerCase().includes("code") ? (
              <>
                <input type="hidden" name="intent" value="verify" />
                <Field id="code" label="Authentication code">
                  {(control) => (
                    <Input
                      {...control}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      required
                    />
                  )}
                </Field>
                <Button type="submit">Verify and turn on</Button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="enable" />
                <Field id="password" label="Confirm your password">
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
                <Button type="submit">Continue</Button>
              </>
            )}
          </Form>
        </CardContent>
      </Card>
    </main>
  );
}
