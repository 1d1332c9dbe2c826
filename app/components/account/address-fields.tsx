import { AlertTriangle } from "lucide-react";
import { InputField } from "~/components/ui/input-field.tsx";
import { StateSelect } from "~/components/ui/state-select.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { zipStateWarning } from "~core/orders/zip-prefixes.ts";

/** What the fields start with: a saved address, or the text a refused form sent. */
export type AddressValues = { readonly [field: string]: unknown };

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The fields of a postal address (core/address.ts postalAddressSchema): a plain form, so it works
 * without JavaScript. `idPrefix` keeps ids unique when several forms share a page.
 */
export function AddressFields({
  idPrefix,
  values = {},
  errors = {},
}: {
  idPrefix: string;
  values?: AddressValues;
  errors?: FieldErrors;
}) {
  const text = (name: string, label: string, autoComplete: string, extra: { type?: string } = {}) => (
    <InputField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      autoComplete={autoComplete}
      defaultValue={textOf(values[name])}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("name", "Full name", "name")}
      {text("phone", "Phone", "tel", { type: "tel" })}
      <div className="sm:col-span-2">{text("line1", "Street address", "address-line1")}</div>
      <div className="sm:col-span-2">{text("line2", "Apartment, suite (optional)", "address-line2")}</div>
      {text("city", "City", "address-level2")}
      <StateSelect
        id={`${idPrefix}-state`}
        defaultValue={textOf(values.state).toUpperCase()}
        error={errors.state}
        autoComplete="address-level1"
        className="h-10 py-2"
      />
      {text("postalCode", "ZIP code", "postal-code")}
      <input type="hidden" name="country" value="US" />
    </div>
  );
}

/** A ZIP code and state that disagree: a warning, not a refusal (core/zip-prefixes.ts says why). */
export function ZipStateWarning({ address }: { address: { state: string; postalCode: string } }) {
  const warning = zipStateWarning(address);
  if (!warning) return null;
  return (
    <p className="mt-2 flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-2 text-sm">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      {warning}
    </p>
  );
}
