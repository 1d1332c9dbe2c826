import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { BoundInputField } from "~/components/ui/input-field.tsx";
import { StateSelect } from "~/components/ui/state-select.tsx";
import type { FieldErrors } from "~/lib/forms.ts";

export type FormState = { errors: FieldErrors; values: Record<string, string> };

/** /admin/shipping's zone form: add a zone, or edit the one named by ?zone= (its values prefilled). */
export function ZoneForm(props: { editing: Record<string, string> | null; state: FormState | null }) {
  const values = props.state?.values ?? props.editing ?? {};
  const form = { values, errors: props.state?.errors ?? {} };
  const id = values.id ?? "";
  return (
    <Form method="post" className="grid gap-4 rounded-lg border bg-card p-5 sm:grid-cols-2" key={id || "new"}>
      <h3 className="font-semibold sm:col-span-2">{id ? "Edit zone" : "Add a zone"}</h3>
      <input type="hidden" name="intent" value="save-zone" />
      <input type="hidden" name="id" value={id} />
      <BoundInputField form={form} name="zoneName" label="Zone name" maxLength={60} />
      <BoundInputField
        form={form}
        name="states"
        label="States"
        hint="Two-letter codes, e.g. AK, HI. Empty only for the United States default zone."
        maxLength={400}
      />
      <BoundInputField form={form} name="rateName" label="Rate name" maxLength={60} />
      <BoundInputField form={form} name="price" label="Price ($)" inputMode="decimal" maxLength={12} />
      <BoundInputField
        form={form}
        name="freeOver"
        label="Free on orders over ($)"
        inputMode="decimal"
        hint="Leave empty for a flat rate."
        maxLength={12}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">{id ? "Save zone" : "Add zone"}</Button>
        {id && (
          <Link to="/admin/shipping" className="text-sm underline-offset-4 hover:underline">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The sales tax form: one rate per state (saving a state again replaces its rate). */
export function TaxRateForm({ state }: { state: FormState | null }) {
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  const form = { values, errors };
  return (
    <Form method="post" className="grid gap-4 rounded-lg border bg-card p-5 sm:grid-cols-3">
      <h3 className="font-semibold sm:col-span-3">Set a state's rate</h3>
      <input type="hidden" name="intent" value="save-tax" />
      <StateSelect id="tax-state" defaultValue={values.state ?? ""} error={errors.state} />
      <BoundInputField form={form} name="rate" label="Rate (%)" inputMode="decimal" maxLength={6} />
      <label className="flex items-end gap-2 pb-2 text-sm">
        <input
          type="checkbox"
          name="taxesShipping"
          defaultChecked={values.taxesShipping === "on"}
          className="size-4 accent-primary"
        />
        Tax shipping too
      </label>
      <Button type="submit" className="justify-self-start">
        Save rate
      </Button>
    </Form>
  );
}
