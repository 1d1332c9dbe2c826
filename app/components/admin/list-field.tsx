import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";

// Row keys only need to be unique within the page (crypto.randomUUID needs a secure context).
let nextKey = 0;
const rowKey = () => `row-${++nextKey}`;

export type ListFieldProps = {
  name: string;
  /** Visible group label; each row is labelled "{itemLabel} {n}". */
  label: string;
  itemLabel: string;
  addLabel: string;
  defaultValue: string[];
  placeholder?: string;
};

/**
 * A list of text inputs posted as repeated fields. It always keeps at least one row; blank rows
 * are dropped by the server on save.
 */
export function ListField({ name, label, itemLabel, addLabel, defaultValue, placeholder }: ListFieldProps) {
  const [rows, setRows] = useState(() =>
    (defaultValue.length ? defaultValue : [""]).map((value) => ({ key: rowKey(), value })),
  );
  const update = (key: string, value: string) =>
    setRows((r) => r.map((row) => (row.key === key ? { ...row, value } : row)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="flex gap-2">
          <Input
            name={name}
            value={row.value}
            onChange={(e) => update(row.key, e.target.value)}
            aria-label={`${itemLabel} ${index + 1}`}
            placeholder={placeholder}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
            disabled={rows.length === 1}
            onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => setRows((r) => [...r, { key: rowKey(), value: "" }])}
      >
        <Plus aria-hidden />
        {addLabel}
      </Button>
    </fieldset>
  );
}
