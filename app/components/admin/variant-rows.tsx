import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { variantField, variantValueField } from "~/lib/admin/variant-form.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import {
  type EditorStep,
  splitValues,
  type VariantDraft,
  type VariantsDraft,
  variantTitle,
} from "~core/catalog/variant-drafts.ts";

/**
 * Props of a button that applies an editor step: with JavaScript it applies it at once; before
 * (or without) it, it posts the form with `variantStep` and the server answers the changed form.
 */
export type StepButton = (step: EditorStep) => {
  type: "button" | "submit";
  name?: string;
  value?: string;
  onClick?: () => void;
};

type TextField =
  | "sku"
  | "price"
  | "compareAt"
  | "weightGrams"
  | "stock"
  | "lowStock"
  | "gtin"
  | "mpn"
  | "imageUrl";

/** The text columns: header, the start of each input's accessible name, and input hints. */
const COLUMNS: { field: TextField; label: string; inputMode?: "decimal" | "numeric"; width: string }[] = [
  { field: "sku", label: "SKU", width: "w-36 min-w-36" },
  { field: "price", label: "Price (USD)", inputMode: "decimal", width: "w-24 min-w-24" },
  { field: "compareAt", label: "Compare-at price", inputMode: "decimal", width: "w-24 min-w-24" },
  { field: "weightGrams", label: "Shipping weight (g)", inputMode: "numeric", width: "w-20 min-w-20" },
  { field: "stock", label: "Stock (blank: not tracked)", inputMode: "numeric", width: "w-20 min-w-20" },
  { field: "lowStock", label: "Low-stock threshold", inputMode: "numeric", width: "w-16 min-w-16" },
  { field: "gtin", label: "GTIN", inputMode: "numeric", width: "w-32 min-w-32" },
  { field: "mpn", label: "MPN", width: "w-28 min-w-28" },
  { field: "imageUrl", label: "Image URL (optional)", width: "w-40 min-w-40" },
];

type Props = {
  draft: VariantsDraft;
  errors: FieldErrors;
  step: StepButton;
  setVariants: (update: (rows: VariantDraft[]) => VariantDraft[]) => void;
};

/** One row per variant; inputs are named by row index, so the order on screen is the saved position. */
export function VariantRows({ draft, errors, step, setVariants }: Props) {
  // Moving a row re-inserts it: the button that moved it gets the focus back.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const [key, dir] = refocus.split(" ");
    const wanted = document.getElementById(`${key}-${dir}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${key}-${dir === "up" ? "down" : "up"}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const update = (index: number, patch: Partial<VariantDraft>) =>
    setVariants((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const last = draft.variants.length - 1;

  return (
    <Table aria-label="Variants">
      <TableHeader>
        <TableRow>
          <TableHead>Variant</TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c.field}>{c.label}</TableHead>
          ))}
          <TableHead>Sold out</TableHead>
          <TableHead>Position</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {draft.variants.map((row, i) => {
          const name = variantTitle(row.values) || `variant ${i + 1}`;
          const error = (field: string) => errors[`variants.${i}.${field}`];
          const move = (dir: "up" | "down") => {
            const props = step({ kind: dir, index: i });
            const onClick = props.onClick;
            return {
              ...props,
              id: `${row.key}-${dir}`,
              "aria-label": `Move ${name} ${dir}`,
              disabled: dir === "up" ? i === 0 : i === last,
              onClick: onClick
                ? () => {
                    onClick();
                    setRefocus(`${row.key} ${dir}`);
                  }
                : undefined,
            };
          };
          return (
            <TableRow key={row.key} className={row.archived ? "bg-muted/40" : undefined}>
              <TableCell className="min-w-40 align-top">
                <input type="hidden" name={variantField(i, "id")} value={row.id} />
                <input type="hidden" name={variantField(i, "stockShown")} value={row.stockShown} />
                {row.archived && <input type="hidden" name={variantField(i, "archived")} value="on" />}
                {row.archived &&
                  row.values.map((v, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: values are fields named by position
                    <input key={k} type="hidden" name={variantValueField(i, k)} value={v} />
                  ))}
                <span className="font-medium">{variantTitle(row.values) || "New variant"}</span>
                {row.archived ? (
                  <Badge variant="outline" className="ml-2">
                    Archived
                  </Badge>
                ) : (
                  <ValueSelects draft={draft} row={row} index={i} name={name} update={update} />
                )}
                <FieldError message={error("values") ?? error("id")} />
              </TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.field} className="align-top">
                  {row.archived ? (
                    <>
                      <input type="hidden" name={variantField(i, c.field)} value={row[c.field]} />
                      {c.field === "sku" || c.field === "price" ? row[c.field] : null}
                    </>
                  ) : (
                    <RowInput
                      id={variantField(i, c.field)}
                      label={`${c.label}, ${name}`}
                      value={row[c.field]}
                      inputMode={c.inputMode}
                      className={c.width}
                      placeholder={c.field === "sku" ? "Automatic" : undefined}
                      error={error(c.field)}
                      onChange={(value) => update(i, { [c.field]: value })}
                    />
                  )}
                </TableCell>
              ))}
              <TableCell className="align-top">
                <input
                  type="checkbox"
                  role="switch"
                  name={variantField(i, "soldOut")}
                  aria-label={`Sold out, ${name}`}
                  checked={row.soldOut}
                  aria-checked={row.soldOut}
                  onChange={(e) => update(i, { soldOut: e.target.checked })}
                  className={row.archived ? "sr-only" : "size-4 accent-primary"}
                  tabIndex={row.archived ? -1 : undefined}
                />
              </TableCell>
              <TableCell className="align-top whitespace-nowrap">
                <Button variant="ghost" size="icon" {...move("up")}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" {...move("down")}>
                  <ArrowDown aria-hidden />
                </Button>
              </TableCell>
              <TableCell className="text-right align-top">
                {row.archived ? (
                  <Button variant="outline" size="sm" {...step({ kind: "restore", index: i })}>
                    Restore<span className="sr-only"> {name}</span>
                  </Button>
                ) : (
                  <Button variant="ghost" size="sm" {...step({ kind: "remove", index: i })}>
                    Remove<span className="sr-only"> {name}</span>
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** One select per option: which of its values this variant is. */
function ValueSelects({
  draft,
  row,
  index,
  name,
  update,
}: {
  draft: VariantsDraft;
  row: VariantDraft;
  index: number;
  name: string;
  update: (index: number, patch: Partial<VariantDraft>) => void;
}) {
  return (
    <div className="mt-2 flex flex-col gap-1">
      {draft.options.map((option, k) => {
        const values = splitValues(option.values);
        const current = row.values[k] ?? "";
        // A value no longer offered stays shown (and refused on save) rather than silently changed.
        const choices = current && !values.includes(current) ? [current, ...values] : values;
        return (
          <select
            // biome-ignore lint/suspicious/noArrayIndexKey: values are fields named by position
            key={k}
            name={variantValueField(index, k)}
            aria-label={`${option.name || `Option ${k + 1}`}, ${name}`}
            value={current}
            onChange={(e) => {
              const next = draft.options.map((_, j) => (j === k ? e.target.value : (row.values[j] ?? "")));
              update(index, { values: next });
            }}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm"
          >
            {!current && <option value="">Choose…</option>}
            {choices.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        );
      })}
    </div>
  );
}

function RowInput(props: {
  id: string;
  label: string;
  value: string;
  inputMode?: "decimal" | "numeric";
  className: string;
  placeholder?: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <Input
        name={props.id}
        aria-label={props.label}
        value={props.value}
        inputMode={props.inputMode}
        maxLength={1000}
        placeholder={props.placeholder}
        className={props.className}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError id={errorId} message={props.error} />
    </>
  );
}
