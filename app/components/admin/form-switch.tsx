import { useState } from "react";

/**
 * A native checkbox styled as a switch: it posts "on" with the form (works without JavaScript)
 * and is announced as a switch.
 */
export function FormSwitch({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <label className="flex items-center gap-3 text-sm font-medium">
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          type="checkbox"
          role="switch"
          name={name}
          checked={checked}
          aria-checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden
          className="absolute inset-0 flex items-center rounded-full border border-input bg-muted transition-colors peer-checked:border-primary peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring after:ml-0.5 after:size-4.5 after:rounded-full after:bg-cream after:transition-transform peer-checked:after:translate-x-5"
        />
      </span>
      {label}
    </label>
  );
}
