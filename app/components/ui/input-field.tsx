import type * as React from "react";
import { cn } from "~/lib/cn.ts";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

export type InputFieldProps = Omit<React.ComponentProps<"input">, "id"> & {
  /** Unique on the page; the input's id, with `-error` / `-hint` ids for the messages. */
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
};

/** Label + input + message, wired for screen readers (aria-invalid, aria-describedby). */
export function InputField({ id, label, error, hint, className, ...props }: InputFieldProps) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a refused form posts back: the values as typed and a message per field. */
export type BoundForm = {
  values: Record<string, string | undefined>;
  errors: Partial<Record<string, string>>;
};

/** An InputField bound to a form by name: id and name, the value as typed (or saved), its message. */
export function BoundInputField({
  form,
  name,
  ...props
}: Omit<InputFieldProps, "id" | "defaultValue" | "error" | "form"> & { form: BoundForm; name: string }) {
  return (
    <InputField id={name} name={name} defaultValue={form.values[name]} error={form.errors[name]} {...props} />
  );
}

/** A message about the whole form (announced when it appears). */
export function FormAlert({
  tone = "error",
  children,
  className,
}: {
  tone?: "error" | "success";
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        tone === "error"
          ? "border-destructive-text/50 bg-destructive/10 text-destructive-text"
          : "border-success/40 bg-success/10 text-foreground",
        className,
      )}
    >
      {children}
    </div>
  );
}
