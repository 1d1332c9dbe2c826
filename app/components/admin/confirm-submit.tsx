import type * as React from "react";
import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";

export type ConfirmSubmitProps = {
  /** Hidden fields posted with the form (intent, id, …). */
  fields: Record<string, string>;
  question: string;
  title?: string;
  confirmLabel?: string;
  /** The dialog's button that backs out ("Cancel" by default). */
  cancelLabel?: string;
  /** The submit button (rendered inside the form). */
  children: React.ReactNode;
  action?: string;
};

/**
 * A form that asks before it posts (deleting). With JavaScript the submit opens a confirm dialog;
 * without it the form still posts, so the action works everywhere.
 */
export function ConfirmSubmit({
  fields,
  question,
  title = "Are you sure?",
  confirmLabel = "Delete",
  cancelLabel,
  children,
  action,
}: ConfirmSubmitProps) {
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  return (
    <>
      <Form
        method="post"
        action={action}
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
      </Form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={question}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        destructive
        onConfirm={() => form.current && submit(form.current)}
      />
    </>
  );
}
