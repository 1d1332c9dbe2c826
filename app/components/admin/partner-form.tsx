import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { ImageUpload } from "~/components/admin/image-upload.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SaveForm } from "./save-form.tsx";

export type PartnerFormState = {
  id?: string;
  name: string;
  logoUrl: string;
  websiteUrl: string;
  description: string;
  active: boolean;
};

export const emptyPartnerForm: PartnerFormState = {
  name: "",
  logoUrl: "",
  websiteUrl: "",
  description: "",
  active: true,
};

export function PartnerForm({ initial, errors }: { initial: PartnerFormState; errors: FieldErrors }) {
  const error = (name: string) => errors[name];
  return (
    <SaveForm
      id={initial.id}
      cancelTo="/admin/partners"
      submitLabel={initial.id ? "Update Partner" : "Add Partner"}
      multipart
      className="grid gap-5 md:grid-cols-2"
    >
      <Field id="name" label="Name" error={error("name")}>
        {(p) => <Input {...p} name="name" defaultValue={initial.name} maxLength={100} />}
      </Field>
      <Field
        id="websiteUrl"
        label="Website URL (Optional)"
        hint="A web address, e.g. summit.example.com (https:// is added when missing)"
        error={error("websiteUrl")}
      >
        {(p) => (
          <Input
            {...p}
            name="websiteUrl"
            inputMode="url"
            defaultValue={initial.websiteUrl}
            placeholder="https://…"
          />
        )}
      </Field>
      <Field
        id="description"
        label="Description (Optional)"
        error={error("description")}
        className="md:col-span-2"
      >
        {(p) => <Textarea {...p} name="description" rows={3} defaultValue={initial.description} />}
      </Field>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Logo (Optional)</legend>
        <ImageUpload
          defaultUrl={initial.logoUrl}
          error={error("logoUrl")}
          previewAlt="Logo preview"
          name="logoUrl"
          fileName="logoFile"
          uploadLabel="Upload logo"
          urlLabel="Logo URL"
        />
      </fieldset>
      <FormSwitch name="active" label="Active" defaultChecked={initial.active} />
    </SaveForm>
  );
}
