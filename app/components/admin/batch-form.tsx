import { Form } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import type { FieldErrors } from "~/lib/forms.ts";

type BatchValues = {
  productName?: string;
  batchNumber?: string;
  producedOn?: string;
  expiresOn?: string;
  labName?: string;
  testedOn?: string | null;
};

/** The batch fields with the certificate upload; used to create a batch and to edit one. */
export function BatchForm(props: {
  values: BatchValues;
  errors: FieldErrors;
  submitLabel: string;
  busy: boolean;
  hasCoa?: boolean;
}) {
  const { values, errors } = props;
  const text = (name: keyof BatchValues, label: string, type = "text") => (
    <Field id={`batch-${name}`} label={label} error={errors[name]}>
      {(p) => <Input {...p} name={name} type={type} defaultValue={values[name] ?? ""} />}
    </Field>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="save" />
      {text("productName", "Product")}
      {text("batchNumber", "Batch number")}
      {text("producedOn", "Production date", "date")}
      {text("expiresOn", "Expiry date", "date")}
      {text("labName", "Lab name")}
      {text("testedOn", "Test date", "date")}
      <Field
        id="batch-coa"
        label="Certificate of analysis"
        hint={props.hasCoa ? "A new file replaces the current one." : "PDF or image, at most 5 MB."}
        error={errors.coa}
        className="sm:col-span-2"
      >
        {(p) => <Input {...p} name="coa" type="file" accept="application/pdf,image/*" />}
      </Field>
      <Button type="submit" disabled={props.busy} className="self-start">
        {props.submitLabel}
      </Button>
    </Form>
  );
}
