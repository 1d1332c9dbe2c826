import { data, redirect } from "react-router";
import { PortalField } from "~/components/creator/portal-field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { CREATOR_PATH } from "~core/creator-portal.ts";
import {
  creatorOfPasswordLink,
  setCreatorPasswordByLink,
  setCreatorPasswordSchema,
} from "~server/creators/password-links.ts";
import type { Route } from "./+types/set-password";

/**
 * A creator's "set your password" link (imported creators get one: docs/migrating.md). The token
 * travels in the query on GET and in a hidden field on POST; it works once.
 */
export function meta() {
  return [{ title: `Set your password | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await creatorOfPasswordLink(context.database.db, token);
  return data({ token: link ? token : null, username: link?.username ?? null }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

type ActionData = { errors: FieldErrors; message: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(setCreatorPasswordSchema, await request.formData());
  if (!parsed.ok) return data<ActionData>({ errors: parsed.errors, message: null }, { status: 400 });
  const done = await setCreatorPasswordByLink(context.database.db, parsed.data);
  if (!done)
    return data<ActionData>(
      { errors: {}, message: "This link has expired or was already used. Ask the shop for a new one." },
      { status: 410 },
    );
  return redirect(`${CREATOR_PATH}?password=set`);
}

export default function CreatorSetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-sm flex-col gap-4 px-4 py-8">
      <p className="font-display text-lg text-primary">{brand.name} · Creator portal</p>
      <h1 className="font-display text-2xl font-semibold">Set your password</h1>
      {!loaderData.token ? (
        <p role="alert" className="text-sm text-destructive-text">
          This link has expired or was already used. Ask the shop for a new one.
        </p>
      ) : (
        <>
          <p className="text-sm">
            Choose the password for <strong>{loaderData.username}</strong>, then sign in to the creator
            portal.
          </p>
          {actionData?.message && (
            <p role="alert" className="text-sm text-destructive-text">
              {actionData.message}
            </p>
          )}
          <form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <PortalField
              name="password"
              label="New password"
              error={errors.password}
              minLength={6}
              maxLength={200}
              autoComplete="new-password"
              type="password"
            />
            <PortalField
              name="confirm"
              label="Repeat the password"
              error={errors.confirm}
              maxLength={200}
              autoComplete="new-password"
              type="password"
            />
            <Button type="submit">Set password</Button>
          </form>
        </>
      )}
    </main>
  );
}
