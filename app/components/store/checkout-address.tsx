import { MapPin } from "lucide-react";
import { Form, Link } from "react-router";
import { ZipStateWarning } from "~/components/account/address-fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { InputField } from "~/components/ui/input-field.tsx";
import { StateSelect } from "~/components/ui/state-select.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { formatAddressLine, type PostalAddress } from "~core/orders/address.ts";

type Saved = PostalAddress & { id: string; isDefault: boolean };

/**
 * Checkout step 1 (decision 035): where the order goes. Signed-in buyers pick a saved address
 * (the default preselected) or type a new one; a plain form post, so it works without JavaScript.
 */
export function AddressStep(props: {
  saved: Saved[];
  initial: PostalAddress | null;
  /** A guest's email kept from an earlier step 1 (never shown to an account). */
  guestEmail: string | null;
  form: { errors: FieldErrors; values: Record<string, string> } | null;
  signedIn: boolean;
  submitting: boolean;
}) {
  const { saved, initial, guestEmail, form, signedIn, submitting } = props;
  const errors = form?.errors ?? {};
  const value = (field: keyof PostalAddress) => form?.values[field] ?? initial?.[field] ?? "";
  const chosen = form?.values.savedAddressId ?? saved.find((a) => a.isDefault)?.id ?? saved[0]?.id ?? "new";
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save-address" />
      {saved.length > 0 && (
        <fieldset className="rounded-lg border bg-card p-5">
          <legend className="px-1 font-display text-xl font-semibold">Saved addresses</legend>
          <div className="mt-2 grid gap-3">
            {saved.map((address) => (
              <AddressChoice
                key={address.id}
                value={address.id}
                chosen={chosen}
                label={formatAddressLine(address)}
              />
            ))}
            <AddressChoice value="new" chosen={chosen} label="A new address (below)" />
          </div>
        </fieldset>
      )}
      {!signedIn && <GuestEmail value={form?.values.email ?? guestEmail ?? ""} error={errors.email} />}
      <fieldset className="rounded-lg border bg-card p-5">
        <legend className="px-1 font-display text-xl font-semibold">Shipping Address</legend>
        <input type="hidden" name="country" value="US" />
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <AddressInput field="name" label="Full name" autoComplete="name" {...{ value, errors }} />
          <AddressInput field="phone" label="Phone" autoComplete="tel" type="tel" {...{ value, errors }} />
          <AddressInput
            field="line1"
            label="Street address"
            autoComplete="address-line1"
            {...{ value, errors }}
          />
          <AddressInput
            field="line2"
            label="Apartment, suite (optional)"
            autoComplete="address-line2"
            {...{ value, errors }}
          />
          <AddressInput field="city" label="City" autoComplete="address-level2" {...{ value, errors }} />
          <StateSelect
            id="address-state"
            defaultValue={value("state")}
            error={errors.state}
            autoComplete="address-level1"
          />
          <AddressInput
            field="postalCode"
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            {...{ value, errors }}
          />
        </div>
        {signedIn && (
          <label className="mt-4 flex items-center gap-2 text-sm">
            <input type="checkbox" name="saveToBook" className="size-4 accent-primary" />
            Save this address to my address book
          </label>
        )}
      </fieldset>
      <Button type="submit" className="self-start" disabled={submitting}>
        {submitting ? "Saving..." : "Continue to payment"}
      </Button>
    </Form>
  );
}

/** A guest's optional email (decision 044): the receipt goes there, and at most one cart reminder. */
function GuestEmail({ value, error }: { value: string; error?: string }) {
  return (
    <fieldset className="rounded-lg border bg-card p-5">
      <legend className="px-1 font-display text-xl font-semibold">Contact</legend>
      <InputField
        id="guest-email"
        name="email"
        type="email"
        label="Email (optional)"
        autoComplete="email"
        defaultValue={value}
        error={error}
        maxLength={254}
        className="mt-2"
        hint="Your receipt goes here. If you leave before paying, we may email you once about your cart; every email has an unsubscribe link."
      />
    </fieldset>
  );
}

function AddressInput(props: {
  field: keyof PostalAddress;
  label: string;
  value: (field: keyof PostalAddress) => string;
  errors: FieldErrors;
  autoComplete: string;
  type?: string;
  inputMode?: "numeric";
}) {
  const { field, label, value, errors, ...rest } = props;
  return (
    <InputField
      id={`address-${field}`}
      name={field}
      label={label}
      defaultValue={value(field)}
      error={errors[field]}
      maxLength={field === "phone" ? 30 : 100}
      {...rest}
    />
  );
}

function AddressChoice({ value, chosen, label }: { value: string; chosen: string; label: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-primary/5">
      <input
        type="radio"
        name="savedAddressId"
        value={value}
        defaultChecked={chosen === value}
        className="mt-1 accent-primary"
      />
      <span className="text-sm">{label}</span>
    </label>
  );
}

/** Step 2's reminder of where the order goes, with the way back to step 1. */
export function ShipTo({ address, email }: { address: PostalAddress; email?: string | null }) {
  return (
    <section aria-labelledby="ship-to-title" className="rounded-lg border bg-card p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id="ship-to-title" className="flex items-center gap-2 font-display text-xl font-semibold">
          <MapPin className="size-4" aria-hidden /> Ship to
        </h2>
        <Link
          to="/checkout?step=address"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Change address
        </Link>
      </div>
      <p className="mt-2 text-sm">{formatAddressLine(address)}</p>
      <p className="text-sm text-muted-foreground">{address.phone}</p>
      {email && <p className="text-sm text-muted-foreground">{email}</p>}
      <ZipStateWarning address={address} />
    </section>
  );
}
