import { getAuthenticatorName } from "@better-auth/passkey";
import type { RegistrationResponseJSON } from "@simplewebauthn/browser";
import { KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AuthHeading } from "~/components/account/auth-heading.tsx";
import { PasskeyButton } from "~/components/account/passkey-button.tsx";
import { SubmitButton } from "~/components/account/submit-button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { FormAlert, InputField } from "~/components/ui/input-field.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { passkeyRegistrationResponse } from "~/lib/passkeys.ts";
import { brand } from "~core/brand.ts";
import { tryAuth } from "~server/accounts/auth-call.ts";
import { parsePasskeyResponse, passkeyName } from "~server/auth/passkeys.ts";
import { requireUser } from "~server/auth/session.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import type { Route } from "./+types/passkeys";

export function meta() {
  return [{ title: `Passkeys | ${brand.name}` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const passkeys = await context.auth.api.listPasskeys({ headers: request.headers });
  return {
    passkeys: passkeys.map((key) => ({
      id: key.id,
      name: key.name || getAuthenticatorName(key.aaguid) || "Passkey",
      addedOn: key.createdAt ? new Date(key.createdAt).toISOString().slice(0, 10) : null,
      synced: key.backedUp,
    })),
  };
}

type ActionData = { errors?: FieldErrors; formError?: string; name?: string };

const addSchema = z.object({ name: passkeyName() });
const removeSchema = z.object({ id: z.string().min(1).max(200) });

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const formData = await request.formData();
  return formData.get("intent") === "remove"
    ? remove(context, request, formData)
    : add(context, request, formData);
}

type Context = Route.ActionArgs["context"];

async function add(context: Context, request: Request, formData: FormData) {
  const parsed = parseForm(addSchema, formData);
  const typed = String(formData.get("name") ?? "");
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, name: typed }, { status: 400 });
  const response = parsePasskeyResponse<RegistrationResponseJSON>(formData.get("response"));
  const result = response
    ? await tryAuth(
        context.auth.api.verifyPasskeyRegistration({
          body: { response, ...(parsed.data.name && { name: parsed.data.name }) },
          headers: request.headers,
        }),
      )
    : undefined;
  if (!result?.ok) {
    const formError =
      result?.error.status === 403
        ? "For your security, sign in again before adding a passkey."
        : "This passkey could not be added. Please try again.";
    return data<ActionData>({ formError, name: typed }, { status: result?.error.status ?? 400 });
  }
  return redirectWithToast("/account/passkeys", {
    title: "Passkey added",
    description: "You can now sign in with it instead of your password.",
    variant: "success",
  });
}

async function remove(context: Context, request: Request, formData: FormData) {
  const parsed = parseForm(removeSchema, formData);
  const result = parsed.ok
    ? await tryAuth(
        context.auth.api.deletePasskey({ body: { id: parsed.data.id }, headers: request.headers }),
      )
    : undefined;
  // Another account's passkey answers like a missing one: nothing is removed.
  if (!result?.ok) return data<ActionData>({ formError: "That passkey was not found." }, { status: 404 });
  return redirectWithToast("/account/passkeys", { title: "Passkey removed", variant: "success" });
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const [name, setName] = useState(actionData?.name ?? "");
  const { passkeys } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col px-4 py-12">
      <Card>
        <CardContent className="flex flex-col gap-6">
          <AuthHeading title="Passkeys">
            Sign in with your fingerprint, face or device PIN instead of a password. A passkey never leaves
            your device, and it cannot be phished.
          </AuthHeading>
          {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
          {passkeys.length === 0 ? (
            <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
          ) : (
            <ul aria-label="Your passkeys" className="flex flex-col divide-y rounded-md border">
              {passkeys.map((key) => (
                <li key={key.id} className="flex items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium break-words">
                      <KeyRound aria-hidden className="size-4 shrink-0" />
                      {key.name}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {key.addedOn && `Added ${key.addedOn}`}
                      {key.synced && " · synced across your devices"}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="id" value={key.id} />
                    <SubmitButton
                      intent="remove"
                      pendingLabel="Removing..."
                      variant="outline"
                      aria-label={`Remove passkey ${key.name}`}
                    >
                      <Trash2 aria-hidden />
                      Remove
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-3">
            <InputField
              id="passkey-name"
              name="name"
              label="Name for a new passkey (optional)"
              placeholder="e.g. My phone"
              maxLength={60}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={actionData?.errors?.name}
            />
            <PasskeyButton
              ceremony={passkeyRegistrationResponse}
              fields={{ intent: "add", name }}
              label="Add a passkey"
              pendingLabel="Waiting for your device..."
              variant="default"
            />
            <noscript>
              <p className="text-sm text-muted-foreground">Adding a passkey needs JavaScript.</p>
            </noscript>
          </div>
          <Link to="/account" className="text-sm text-primary underline-offset-4 hover:underline">
            Back to My Account
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
