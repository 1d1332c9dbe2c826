import { data } from "react-router";
import type { FieldErrors } from "~/lib/forms.ts";
import { actionToast } from "~core/toast.ts";

/**
 * A Markdown editor's failed save or preview (blog posts, policy pages): what was typed, the field
 * errors, no preview, a new form key (the form re-mounts showing the typed values) and the toast.
 */
export function editorFailure<V>(values: V, errors: FieldErrors, description: string, status = 400) {
  return data(
    {
      values,
      errors,
      previewHtml: null,
      formKey: crypto.randomUUID() as string,
      toast: actionToast({ title: "Error", description, variant: "destructive" }),
    },
    { status },
  );
}
