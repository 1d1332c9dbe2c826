import { Field } from "~/components/admin/field.tsx";
import { Input } from "~/components/ui/input.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SaveForm } from "./save-form.tsx";

/** What the form shows; never a password (only its hash is stored). */
export type CreatorFormState = {
  id?: string;
  username: string;
  fullName: string;
  email: string;
  commissionRate: string;
};

export const emptyCreatorForm: CreatorFormState = {
  username: "",
  fullName: "",
  email: "",
  commissionRate: "0",
};

export function CreatorForm({ initial, errors }: { initial: CreatorFormState; errors: FieldErrors }) {
  const editing = Boolean(initial.id);
  const error = (name: string) => errors[name];
  return (
    <SaveForm
      id={initial.id}
      cancelTo="/admin/content-creators"
      submitLabel={editing ? "Update Content Creator" : "Create Content Creator"}
      className="grid gap-4"
    >
      <Field id="username" label="Username" error={error("username")}>
        {(p) => (
          <Input {...p} name="username" defaultValue={initial.username} maxLength={50} autoComplete="off" />
        )}
      </Field>
      <Field
        id="password"
        label="Password"
        error={error("password")}
        hint={
          editing
            ? "Leave blank to keep the current password."
            : "Leave blank to send them a set-password link instead (at least 6 characters if typed)."
        }
      >
        {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" />}
      </Field>
      <Field id="fullName" label="Full Name (Optional)" error={error("fullName")}>
        {(p) => <Input {...p} name="fullName" defaultValue={initial.fullName} />}
      </Field>
      <Field id="email" label="Email (Optional)" error={error("email")}>
        {(p) => <Input {...p} name="email" type="email" defaultValue={initial.email} />}
      </Field>
      <Field id="commissionRate" label="Commission Rate (%)" error={error("commissionRate")}>
        {(p) => (
          <Input
            {...p}
            name="commissionRate"
            type="number"
            inputMode="decimal"
            min="0"
            max="100"
            step="0.01"
            defaultValue={initial.commissionRate}
          />
        )}
      </Field>
    </SaveForm>
  );
}
