import type * as React from "react";
import { Label } from "~/components/ui/label.tsx";
import { cn } from "~/lib/cn.ts";

export type FieldProps = {
  id: string;
  label: React.ReactNode;
  /** The server's message for this field; linked to the control for screen readers. */
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  /** Renders the control with the ids it must carry. */
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
};

/** A label, its control, an optional hint and the inline error, wired together for assistive tech. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, ...(error ? { "aria-invalid": true } : {}), "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
