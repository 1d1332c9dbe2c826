import { useRef, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { optionField } from "~/lib/admin/variant-form.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import {
  applyStep,
  MAX_OPTIONS,
  type OptionDraft,
  renameInRows,
  stepValue,
  type VariantDraft,
  type VariantsDraft,
} from "~core/catalog/variant-drafts.ts";
import { type StepButton, VariantRows } from "./variant-rows.tsx";

/**
 * The product form's "Options and variants" section: up to three options (name and values) and
 * one row per variant. Everything is a form field, posted with the product on save.
 */
export function VariantEditor({ initial, errors }: { initial: VariantsDraft; errors: FieldErrors }) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const counter = useRef(0);
  const newKey = () => `new-${++counter.current}`;

  const step: StepButton = (s) =>
    hydrated
      ? { type: "button", onClick: () => setDraft((d) => applyStep(d, s, newKey)) }
      : { type: "submit", name: "variantStep", value: stepValue(s) };

  const setOption = (index: number, patch: Partial<OptionDraft>) =>
    setDraft(({ options, variants }) => {
      const next = options.map((o, i) => (i === index ? { ...o, ...patch } : o));
      return { options: next, variants: renameInRows(options, next, variants) };
    });
  const setVariants = (update: (rows: VariantDraft[]) => VariantDraft[]) =>
    setDraft((d) => ({ ...d, variants: update(d.variants) }));

  return (
    <section aria-labelledby="variants-heading" className="flex min-w-0 flex-col gap-4 rounded-lg border p-4">
      <h3 id="variants-heading" className="font-display text-lg font-semibold">
        Options and variants
      </h3>
      <p className="text-sm text-muted-foreground">
        Up to {MAX_OPTIONS} options, their values separated by commas (Size: 30g, 50g, 100g). Generate
        variants adds a row for each missing combination. Removing a variant that is in an order archives it
        (hidden from the shop, kept for past orders); others are deleted when you save.
      </p>
      {draft.options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are fields named by position
        <fieldset key={i} className="grid gap-3 md:grid-cols-[1fr_2fr_auto] md:items-end">
          <legend className="sr-only">Option {i + 1}</legend>
          <OptionInput
            id={optionField(i, "name")}
            label={`Option ${i + 1} name`}
            value={option.name}
            error={errors[optionField(i, "name")]}
            onChange={(name) => setOption(i, { name })}
          />
          <OptionInput
            id={optionField(i, "values")}
            label={`Option ${i + 1} values`}
            value={option.values}
            error={errors[optionField(i, "values")]}
            onChange={(values) => setOption(i, { values })}
          />
          {draft.options.length > 1 && (
            <Button variant="ghost" {...step({ kind: "remove-option", index: i })}>
              Remove option {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <FieldError message={errors.options} />
      <div className="flex flex-wrap gap-2">
        {draft.options.length < MAX_OPTIONS && (
          <Button variant="outline" {...step({ kind: "add-option" })}>
            Add option
          </Button>
        )}
        <Button variant="outline" {...step({ kind: "generate" })}>
          Generate variants
        </Button>
      </div>
      <FieldError message={errors.variants} />
      <VariantRows draft={draft} errors={errors} step={step} setVariants={setVariants} />
    </section>
  );
}

function OptionInput(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
      </label>
      <Input
        id={props.id}
        name={props.id}
        value={props.value}
        maxLength={2000}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
