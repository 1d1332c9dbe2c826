import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";

type SaveFormProps = {
  /** The record's id when editing (posted back), absent when creating. */
  id?: string;
  /** Where Cancel goes (the screen's list). */
  cancelTo: string;
  submitLabel: string;
  /** For forms with file inputs (image uploads). */
  multipart?: boolean;
  /** The layout of the fields (a grid or a column); the buttons row spans its full width. */
  className: string;
  children: ReactNode;
};

/**
 * An admin create/edit form: posts intent=save (and the id when editing) to the screen's action,
 * ends with Cancel and the submit button, which reads "Saving..." while the form is submitting.
 */
export function SaveForm({ id, cancelTo, submitLabel, multipart, className, children }: SaveFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      className={className}
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {id && <input type="hidden" name="id" value={id} />}
      {children}
      <div className="col-span-full flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClass({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
