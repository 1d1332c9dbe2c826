import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Field } from "./field.tsx";

type Props = {
  initial: { status: string; publishAt: string };
  error: (name: string) => string | undefined;
};

/**
 * The product's status and, for a draft, when it goes live by itself. The time is UTC (said in
 * the label): the server reads it so with or without JavaScript, whatever the browser's zone.
 */
export function StatusFields({ initial, error }: Props) {
  return (
    <>
      <Field
        id="status"
        label="Status"
        error={error("status")}
        hint="Only active products are on the shop: drafts and archived ones are not listed, found or sold."
      >
        {(control) => (
          <select {...control} name="status" defaultValue={initial.status} className={`${fieldClass} h-10`}>
            <option value="draft">Draft</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
        )}
      </Field>
      <Field
        id="publishAt"
        label="Publish at (UTC)"
        error={error("publishAt")}
        hint="A draft with a time becomes active then. Leave blank to publish by hand."
      >
        {(control) => (
          <Input {...control} name="publishAt" type="datetime-local" defaultValue={initial.publishAt} />
        )}
      </Field>
    </>
  );
}
