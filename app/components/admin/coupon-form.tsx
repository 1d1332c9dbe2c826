import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { freeOrderWarning } from "~core/pricing/coupon-terms.ts";
import { SaveForm } from "./save-form.tsx";

export type CouponFormState = {
  id?: string;
  code: string;
  discountType: string;
  discountValue: string;
  contentCreatorId: string;
  validUntil: string;
  usageLimit: string;
  minimumOrder: string;
  oncePerCustomer: boolean;
  showOnFrontend: boolean;
};

export const emptyCouponForm: CouponFormState = {
  code: "",
  discountType: "percentage",
  discountValue: "",
  contentCreatorId: "",
  validUntil: "",
  usageLimit: "",
  minimumOrder: "",
  oncePerCustomer: false,
  showOnFrontend: true,
};

export type CreatorOption = { id: string; username: string; fullName: string | null; isActive: boolean };

function creatorLabel(c: CreatorOption) {
  const name = c.fullName ? `${c.fullName} (@${c.username})` : `@${c.username}`;
  return c.isActive ? name : `${name} – inactive`;
}

/** The create/edit coupon form; posts to the coupons action, which validates it. */
export function CouponForm({
  initial,
  errors,
  creators,
}: {
  initial: CouponFormState;
  errors: FieldErrors;
  creators: CreatorOption[];
}) {
  const error = (name: string) => errors[name];
  const editing = Boolean(initial.id);
  const [terms, setTerms] = useState(() => pick(initial));
  const track = (name: keyof typeof terms) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setTerms((t) => ({ ...t, [name]: value }));
  };
  return (
    <SaveForm
      id={initial.id}
      cancelTo="/admin/coupons"
      submitLabel={editing ? "Update Coupon" : "Create Coupon"}
      className="grid gap-4"
    >
      <Field id="code" label="Coupon Code" error={error("code")}>
        {(p) => (
          <Input
            {...p}
            name="code"
            defaultValue={initial.code}
            maxLength={20}
            className="uppercase"
            onInput={(e) => {
              e.currentTarget.value = e.currentTarget.value.toUpperCase();
            }}
            required
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="discountType" label="Discount Type" error={error("discountType")}>
          {(p) => (
            <select
              {...p}
              name="discountType"
              defaultValue={initial.discountType}
              onChange={track("discountType")}
              className={`${fieldClass} h-10`}
            >
              <option value="percentage">Percentage (%)</option>
              <option value="fixed">Fixed amount ($)</option>
            </select>
          )}
        </Field>
        <Field id="discountValue" label="Discount Value" error={error("discountValue")}>
          {(p) => (
            <Input
              {...p}
              name="discountValue"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max={terms.discountType === "percentage" ? "100" : undefined}
              defaultValue={initial.discountValue}
              onInput={track("discountValue")}
            />
          )}
        </Field>
      </div>
      <Field id="contentCreatorId" label="Content Creator (Optional)" error={error("contentCreatorId")}>
        {(p) => (
          <select
            {...p}
            name="contentCreatorId"
            defaultValue={initial.contentCreatorId}
            className={`${fieldClass} h-10`}
          >
            <option value="">No content creator</option>
            {creators.map((c) => (
              <option key={c.id} value={c.id}>
                {creatorLabel(c)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="validUntil"
          label="Valid Until (Optional)"
          error={error("validUntil")}
          hint={editing ? "Leave empty to keep the current date" : "Leave empty for one year"}
        >
          {(p) => <Input {...p} name="validUntil" type="date" defaultValue={initial.validUntil} />}
        </Field>
        <Field
          id="usageLimit"
          label="Total Usage Limit (Optional)"
          error={error("usageLimit")}
          hint="Empty means unlimited"
        >
          {(p) => (
            <Input
              {...p}
              name="usageLimit"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              defaultValue={initial.usageLimit}
            />
          )}
        </Field>
      </div>
      <Field
        id="minimumOrder"
        label="Minimum Order Amount (Optional)"
        error={error("minimumOrder")}
        hint="In dollars, after volume discounts. Empty means no minimum"
      >
        {(p) => (
          <Input
            {...p}
            name="minimumOrder"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            defaultValue={initial.minimumOrder}
            onInput={track("minimumOrder")}
          />
        )}
      </Field>
      <FreeOrderWarning terms={terms} />
      <FormSwitch
        name="oncePerCustomer"
        label="Once per customer (an account or email address)"
        defaultChecked={initial.oncePerCustomer}
      />
      <FormSwitch name="showOnFrontend" label="Show on Frontend" defaultChecked={initial.showOnFrontend} />
    </SaveForm>
  );
}

type TypedTerms = Pick<CouponFormState, "discountType" | "discountValue" | "minimumOrder">;

function pick({ discountType, discountValue, minimumOrder }: CouponFormState): TypedTerms {
  return { discountType, discountValue, minimumOrder };
}

const typedHundredths = (v: string) =>
  /^\d+(\.\d{1,2})?$/.test(v.trim()) ? Math.round(Number(v) * 100) : null;

/** Warns, as the owner types, when the coupon could make an order free (it does not block saving). */
function FreeOrderWarning({ terms }: { terms: TypedTerms }) {
  const value = typedHundredths(terms.discountValue);
  const warning =
    value === null || value < 1
      ? null
      : freeOrderWarning({
          discountType: terms.discountType === "fixed" ? "fixed" : "percentage",
          discountValueHundredths: value,
          minimumOrderCents: terms.minimumOrder.trim() === "" ? null : typedHundredths(terms.minimumOrder),
        });
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm empty:hidden"
    >
      {warning && (
        <>
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {warning}
        </>
      )}
    </p>
  );
}
