import { Form } from "react-router";
import { ClaimWatch } from "~/components/admin/claim-flags.tsx";
import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import type { IngredientRow } from "~core/forms/supplement-label-form.ts";
import { PROP65_ENDPOINT_LABELS, PROP65_ENDPOINTS } from "~core/legal/prop65.ts";
import type { SupplementFacts } from "~core/legal/supplement-facts.ts";

/** The admin label screen's forms (app/routes/admin/product-label.tsx). Work without JavaScript. */

const UNITS = ["mg", "mcg", "g", "IU", "mL"];
/** Blank rows offered after the entered ones; save to get more. */
const BLANK_ROWS = 3;

export type Typed = { text: Record<string, string>; ingredients: IngredientRow[] };
type FormProps = { errors: FieldErrors; typed: Typed | null; busy: boolean };

function FormCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const rowsOf = (facts: SupplementFacts | null): IngredientRow[] =>
  (facts?.ingredients ?? []).map((i) => ({
    name: i.name,
    amount: String(i.amount),
    unit: i.unit,
    dailyValuePercent: i.dailyValuePercent === null ? "" : String(i.dailyValuePercent),
  }));

const blankRow: IngredientRow = { name: "", amount: "", unit: "mg", dailyValuePercent: "" };

export function FactsForm({
  facts,
  variantId,
  errors,
  typed,
  busy,
}: FormProps & { facts: SupplementFacts | null; variantId: string | null }) {
  const value = (name: keyof SupplementFacts) => typed?.text[name] ?? String(facts?.[name] ?? "");
  const rows = [...(typed?.ingredients ?? rowsOf(facts)), ...Array(BLANK_ROWS).fill(blankRow)];
  const text = (name: keyof SupplementFacts, label: string, hint?: string) => (
    <Field id={name} label={label} error={errors[name]} hint={hint} className="sm:col-span-2">
      {(p) => <Textarea {...p} name={name} rows={2} defaultValue={value(name)} />}
    </Field>
  );
  return (
    <FormCard title="Supplement Facts">
      <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="facts" />
        <input type="hidden" name="variantId" value={variantId ?? ""} />
        <Field
          id="servingSize"
          label="Serving Size"
          error={errors.servingSize}
          hint="e.g. 1 pea-sized portion (300 mg)"
        >
          {(p) => <Input {...p} name="servingSize" maxLength={100} defaultValue={value("servingSize")} />}
        </Field>
        <Field id="servingsPerContainer" label="Servings Per Container" error={errors.servingsPerContainer}>
          {(p) => (
            <Input
              {...p}
              name="servingsPerContainer"
              maxLength={50}
              defaultValue={value("servingsPerContainer")}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby="ingredients-hint">
          <legend className="mb-1 text-sm font-medium">Dietary ingredients</legend>
          <p id="ingredients-hint" className="text-xs text-muted-foreground">
            Amount per serving; leave % Daily Value empty when none is established (shown as †). Empty rows
            are ignored; save to get more rows.
          </p>
          <FieldError message={errors.ingredients} />
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the posted form; none moves on the page.
            <IngredientInputs key={`${i}-${row.name}`} row={row} index={i} errors={errors} />
          ))}
        </fieldset>
        {text("otherIngredients", "Other ingredients")}
        {text("directions", "Directions")}
        {text("warnings", "Warnings")}
        <Button type="submit" disabled={busy} className="self-start">
          Save Supplement Facts
        </Button>
      </Form>
    </FormCard>
  );
}

function IngredientInputs({
  row,
  index,
  errors,
}: {
  row: IngredientRow;
  index: number;
  errors: FieldErrors;
}) {
  const n = index + 1;
  const error = (field: string) => errors[`ingredients.${index}.${field}`];
  const message = error("name") ?? error("amount") ?? error("unit") ?? error("dailyValuePercent");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        name="name"
        aria-label={`Ingredient ${n} name`}
        defaultValue={row.name}
        maxLength={100}
        className="w-56"
      />
      <Input
        name="amount"
        aria-label={`Ingredient ${n} amount per serving`}
        inputMode="decimal"
        defaultValue={row.amount}
        className="w-24"
      />
      <select
        name="unit"
        aria-label={`Ingredient ${n} unit`}
        defaultValue={row.unit}
        className={`${fieldClass} h-10 w-20`}
      >
        {UNITS.map((u) => (
          <option key={u}>{u}</option>
        ))}
      </select>
      <Input
        name="dailyValue"
        aria-label={`Ingredient ${n} % Daily Value`}
        placeholder="% DV or †"
        inputMode="decimal"
        defaultValue={row.dailyValuePercent}
        className="w-28"
      />
      {message && <p className="w-full text-sm text-destructive-text">{`Ingredient ${n}: ${message}`}</p>}
    </div>
  );
}

export function ClaimsForm({
  claims,
  prop65,
  errors,
  typed,
  busy,
}: FormProps & { claims: string[]; prop65: { chemicals: string[]; endpoint: string } | null }) {
  const text = typed?.text;
  return (
    <FormCard title="Claims and California Prop 65">
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="label" />
        <Field
          id="claims"
          label="Structure/function claims (one per line)"
          error={errors.claims}
          hint="Each is shown with a * and the FDA disclaimer. Up to 10 claims of 300 characters."
        >
          {(p) => <Textarea {...p} name="claims" rows={4} defaultValue={text?.claims ?? claims.join("\n")} />}
        </Field>
        <ClaimWatch fields={[{ name: "claims", label: "Claim" }]} />
        <FormSwitch
          name="prop65Warning"
          label="This product needs a Prop 65 warning"
          defaultChecked={text ? text.prop65Warning === "true" : prop65 !== null}
        />
        <Field
          id="prop65Chemicals"
          label="Chemicals (comma separated)"
          error={errors.prop65Chemicals}
          hint="e.g. lead"
        >
          {(p) => (
            <Input
              {...p}
              name="prop65Chemicals"
              maxLength={400}
              defaultValue={text?.prop65Chemicals ?? prop65?.chemicals.join(", ") ?? ""}
            />
          )}
        </Field>
        <Field id="prop65Endpoint" label="Known to cause" error={errors.prop65Endpoint}>
          {(p) => (
            <select
              {...p}
              name="prop65Endpoint"
              defaultValue={text?.prop65Endpoint ?? prop65?.endpoint ?? ""}
              className={`${fieldClass} h-10`}
            >
              <option value="">Choose…</option>
              {PROP65_ENDPOINTS.map((e) => (
                <option key={e} value={e}>
                  {PROP65_ENDPOINT_LABELS[e]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={busy} className="self-start">
          Save claims and warning
        </Button>
      </Form>
    </FormCard>
  );
}

export function SettingsForm({
  settings,
  errors,
  busy,
}: Omit<FormProps, "typed"> & { settings: { prop65Audience: string; disclaimerWithoutClaims: boolean } }) {
  return (
    <FormCard title="Shop-wide label settings (all products)">
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="settings" />
        <Field id="prop65Audience" label="Show Prop 65 warnings at checkout to" error={errors.prop65Audience}>
          {(p) => (
            <select
              {...p}
              name="prop65Audience"
              defaultValue={settings.prop65Audience}
              className={`${fieldClass} h-10`}
            >
              <option value="california">California only (shipping address in CA)</option>
              <option value="everyone">Every buyer</option>
            </select>
          )}
        </Field>
        <FormSwitch
          name="disclaimerWithoutClaims"
          label="Show the FDA disclaimer on products without claims too"
          defaultChecked={settings.disclaimerWithoutClaims}
        />
        <Button type="submit" disabled={busy} className="self-start">
          Save settings
        </Button>
      </Form>
    </FormCard>
  );
}
