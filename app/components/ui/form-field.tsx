import { useId } from "react";
import { Label } from "./label.tsx";

type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
};

export type FormFieldProps = {
  label: string;
  name: string;
  error?: string;
  required?: boolean;
  /** Renders the control with the id, name and ARIA wiring for the label and error. */
  children: (control: ControlProps) => React.ReactNode;
};

/** A labelled control with its server-side error below it, announced with the field. */
export function FormField({ label, name, error, required, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="text-primary">
            {" "}
            *
          </span>
        )}
      </Label>
      {children({
        id,
        name,
        ...(required ? { "aria-required": true as const } : {}),
        ...(error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {}),
      })}
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
