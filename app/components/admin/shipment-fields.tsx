import { useId } from "react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { CARRIERS, carrierLabels } from "~core/orders/shipment.ts";

export type ShipmentDefaults = {
  carrier?: string | null;
  carrierName?: string | null;
  trackingNumber?: string | null;
};

/**
 * The carrier, the free carrier name (for "Other") and the tracking number: the fields of the ship
 * dialog on Orders Management and of the ship page (/admin/orders/:id/ship). Plain controls, so
 * they work with the keyboard and without JavaScript; the server checks them (core/orders/shipment.ts).
 */
export function ShipmentFields({ defaults, errors }: { defaults?: ShipmentDefaults; errors?: FieldErrors }) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-4">
      <FormField label="Carrier" name="carrier" error={errors?.carrier} required>
        {(control) => (
          <select
            {...control}
            defaultValue={defaults?.carrier ?? "usps"}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrierLabels[carrier]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Carrier name (for Other)" name="carrierName" error={errors?.carrierName}>
        {(control) => (
          <Input {...control} defaultValue={defaults?.carrierName ?? ""} maxLength={60} autoComplete="off" />
        )}
      </FormField>
      <FormField label="Tracking number" name="trackingNumber" error={errors?.trackingNumber} required>
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control["aria-describedby"], hintId].filter(Boolean).join(" ")}
              defaultValue={defaults?.trackingNumber ?? ""}
              maxLength={60}
              autoComplete="off"
              spellCheck={false}
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              6–40 letters or digits, no spaces.
            </p>
          </>
        )}
      </FormField>
    </div>
  );
}
