import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors; values: Record<string, string> };

/**
 * Validates a submitted form with a zod schema. On failure returns the first message per field
 * and the submitted text values (so the form can keep what the user typed; secrets are dropped).
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): ParsedForm<z.output<S>> {
  const raw = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  const values = Object.fromEntries(Object.entries(raw).filter(([name]) => !/password|token/i.test(name)));
  return { ok: false, errors, values };
}

/** A same-origin path to go to after signing in; anything else (other hosts, `//x`) falls back to `/`. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  return value;
}
