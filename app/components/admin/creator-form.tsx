import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";

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

export function CreatorForm({
  initial,
  errors,
}: {
  initial: CreatorFormState;
  errors: Record<string, string[] | undefined>;
}) {
  const busy = useNavigation().state === "submitting";
  const editing = Boolean(initial.id);
  const error = (name: string) => errors[name]?.[0];
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="save" />
      {initial.id && <input type="hidden" name="id" value={initial.id} />}
      <Field id="username" label="Username" error={error("username")}>
        {(p) => (
          <Input {...p} name="username" defaultValue={initial.username} maxLength={50} autoComplete="off" />
        )}
      </Field>
      <Field
        id="password"
        label="Password"
        error={error("password")}
        hint={editing ? "Leave blank to keep the current password." : "At least 6 characters."}
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/admin/content-creators" className={buttonClass({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : editing ? "Update Content Creator" : "Create Content Creator"}
        </Button>
      </div>
    </Form>
  );
}
