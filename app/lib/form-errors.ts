import type { z } from "zod";

/** The first message per field of a failed zod parse, for inline errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The text fields of a form submission (files and repeated names ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}
