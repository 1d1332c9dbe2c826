import { fieldClass } from "~/components/ui/input.tsx";

type Choice = { value: string; label: string };

/**
 * A labelled select of a product list's GET form (sort, collection, tag). Without JavaScript the
 * form's button applies it; with JavaScript `onPick` applies it at once.
 */
export function ListSelect({
  id,
  name,
  label,
  value,
  choices,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  onPick: (form: HTMLFormElement) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={`${fieldClass} h-10`}
        onChange={(e) => e.currentTarget.form && onPick(e.currentTarget.form)}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
