import { Pencil, Trash2 } from "lucide-react";
import type * as React from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import type { ActionToast } from "~core/toast.ts";

/** The buttons every admin list row repeats: edit, delete with confirmation, and toggles. */

/** A pencil link to the edit form of `name`. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-label={`Edit ${name}`}
      className={buttonClass({ variant: "ghost", size: "icon" })}
    >
      <Pencil aria-hidden />
    </Link>
  );
}

/** The bin button: posts intent=delete for `id` after the confirm dialog asked `question`. */
export function DeleteButton({
  id,
  name,
  question,
  title,
}: {
  id: string;
  name: string;
  question: string;
  title: string;
}) {
  return (
    <ConfirmSubmit fields={{ intent: "delete", id }} title={title} question={question}>
      <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${name}`}>
        <Trash2 className="text-destructive-text" aria-hidden />
      </Button>
    </ConfirmSubmit>
  );
}

/**
 * Flips a flag of one row without leaving the page (a fetcher posts `intent`, `id` and the new
 * `value`); the action's toast shows here. `children` is the button.
 */
export function IntentToggle({
  intent,
  id,
  next,
  children,
}: {
  intent: string;
  id: string;
  next: boolean;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<{ toast: ActionToast | null }>();
  useFlashToast(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(next)} />
      {children}
    </fetcher.Form>
  );
}

/** The red panel shown when a list could not be loaded. */
export function LoadError({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-destructive-text/40 p-4 text-destructive-text">
      {children}
    </p>
  );
}
