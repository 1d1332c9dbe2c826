import { US_STATES } from "~core/orders/address.ts";
import { fieldClass } from "./input.tsx";
import { Label } from "./label.tsx";

export type StateSelectProps = {
  /** The select's id; its error is `${id}-error`. */
  id: string;
  /** The form field's name (`state` in every form today). */
  name?: string;
  label?: string;
  /** A two-letter code, or "" for "Choose a state". */
  defaultValue: string;
  /** The server's message for the field, shown below it and linked for screen readers. */
  error?: string;
  /** `address-level1` where the form is a postal address. */
  autoComplete?: string;
  /** The select's classes after the shared field style (its height). */
  className?: string;
};

/**
 * The US-state `<select>` of every form that asks for one (addresses, checkout, sales tax): the
 * label, "Choose a state" and the states of `US_STATES` by code, the error below.
 */
export function StateSelect({
  id,
  name = "state",
  label = "State",
  defaultValue,
  error,
  autoComplete,
  className = "h-10",
}: StateSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${fieldClass} ${className}`}
      >
        <option value="">Choose a state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
