import { data } from "react-router";
import type { FieldErrors } from "~/lib/forms.ts";
import { type ActionToast, actionToast } from "~core/toast.ts";
import type { Db } from "~server/db/client.ts";
import { redirectWithToast } from "~server/http/flash.ts";

/**
 * The shared shape of the admin CRUD actions: every screen posts a form with an `intent`
 * (delete, a toggle, or save by default) and gets back either a redirect with a flash toast
 * or this result (field errors, what was typed, and a toast) for the same page.
 */
export type AdminActionResult<V> = { errors: FieldErrors; values: V | null; toast: ActionToast | null };

/** A failure answer: a destructive toast, and the form back with its errors when there is one. */
export function adminFailure<V = never>(
  toast: { title: string; description?: string },
  status: number,
  form: { values?: V; errors?: FieldErrors } = {},
) {
  return data<AdminActionResult<V>>(
    {
      errors: form.errors ?? {},
      values: form.values ?? null,
      toast: actionToast({ ...toast, variant: "destructive" }),
    },
    { status },
  );
}

/** A success that stays on the page (toggles posted by fetchers): only a toast. */
export function adminSuccess<V = never>(title: string): AdminActionResult<V> {
  return { errors: {}, values: null, toast: actionToast({ title, variant: "success" }) };
}

/** Back to the list with a success toast (after saves and deletes, so a reload does not repost). */
export function backWithToast(path: string, title: string) {
  return redirectWithToast(path, { title, variant: "success" });
}

export type IntentArgs = { form: FormData; db: Db; id: string };
/** What an intent handler answers: a redirect, a failure (with status) or a result for the page. */
export type AdminActionReturn<V> = Response | ReturnType<typeof adminFailure<V>> | AdminActionResult<V>;
type Handler<V> = (args: IntentArgs) => Promise<AdminActionReturn<V>>;

/**
 * Runs the handler named by the form's `intent`; a form without a known intent is a save.
 */
export function runIntent<V = never>(
  form: FormData,
  db: Db,
  handlers: { save: Handler<V> } & Record<string, Handler<V>>,
): Promise<AdminActionReturn<V>> {
  const intent = String(form.get("intent") ?? "save");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent]! : handlers.save;
  return handler({ form, db, id: String(form.get("id") ?? "") });
}

/** The delete intent: remove by id, then back to the list, or the failure toast when it was gone. */
export function deleteIntent(
  path: string,
  remove: (db: Db, id: string) => Promise<boolean>,
  messages: { success: string; failure: { title: string; description?: string } },
) {
  return async ({ db, id }: IntentArgs) =>
    (await remove(db, id)) ? backWithToast(path, messages.success) : adminFailure(messages.failure, 404);
}

/**
 * A switch posted by a fetcher (`value` = the new state): the success toast stays on the page.
 * `failure` null shows nothing when the row is gone (the spec's coupon toggles say nothing).
 */
export function toggleIntent(
  set: (db: Db, id: string, value: boolean) => Promise<boolean>,
  messages: {
    success: string | ((value: boolean) => string);
    failure: { title: string; description?: string } | null;
  },
) {
  return async ({ db, id, form }: IntentArgs) => {
    const value = form.get("value") === "true";
    if (await set(db, id, value)) {
      const { success } = messages;
      return adminSuccess(typeof success === "function" ? success(value) : success);
    }
    if (!messages.failure) return { errors: {}, values: null, toast: null };
    return adminFailure(messages.failure, 404);
  };
}
