import type { z } from "zod";

/**
 * The one form pipeline: a form's fields are read into typed values (readForm), validated with the
 * zod schema of the input (parseForm), and a failure comes back as the first message per field,
 * which every form component shows under its field. Domain functions only see the parsed data.
 */
export type FieldErrors = Partial<Record<string, string>>;

export type ParsedForm<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors; values: Record<string, string> };

/**
 * The first message per field of a failed parse (issues without a path count for "form"). A
 * field of a repeated row group ("variants.2.sku", path [group, index, field, …]) keeps its row.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[fieldKey(issue.path)] ??= issue.message;
  return errors;
}

/**
 * A refusal's toast text that names each wrong field by its label ("Discount Value: A percentage
 * discount is at most 100%"), in the form's order; null when no labelled field is wrong.
 */
export function namedFieldErrors(errors: FieldErrors, labels: Record<string, string>): string | null {
  const lines = Object.entries(labels).flatMap(([name, label]) =>
    errors[name] ? [`${label}: ${errors[name]}`] : [],
  );
  return lines.length > 0 ? lines.join(". ") : null;
}

function fieldKey(path: PropertyKey[]): string {
  const [group, index, field] = path;
  if (typeof index === "number" && typeof field === "string") return `${String(group)}.${index}.${field}`;
  return String(group ?? "form");
}

/**
 * Validates a submitted form (or values already read from it) with a zod schema. On failure returns
 * the first message per field and the submitted text values, so the form can keep what the user
 * typed; secrets are dropped.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): ParsedForm<z.output<S>> {
  const raw = input instanceof FormData ? formText(input) : input;
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  const values = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && !/password|token/i.test(entry[0]),
    ),
  );
  return { ok: false, errors: fieldErrorsOf(result.error), values };
}

/** The text fields of a submission (files ignored; the first of repeated names). */
export function formText(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}

/** How a field is read: its text, all its values (repeated inputs), or a switch ("on" when checked). */
export type FieldKind = "text" | "list" | "switch";
type FieldValue<K extends FieldKind> = K extends "list" ? string[] : K extends "switch" ? boolean : string;

/** Reads the named fields of a form into typed values (missing text is "", a missing switch false). */
export function readForm<F extends Record<string, FieldKind>>(
  form: FormData,
  fields: F,
): { [N in keyof F]: FieldValue<F[N]> } {
  const read = (name: string, kind: FieldKind) => {
    if (kind === "list") return form.getAll(name).map(String);
    if (kind === "switch") return form.get(name) === "on";
    return String(form.get(name) ?? "");
  };
  return Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, read(name, kind)])) as {
    [N in keyof F]: FieldValue<F[N]>;
  };
}

/** Stands in for our own origin: only whether a target stays on it matters, not its name. */
const OWN_ORIGIN = "http://shop.invalid";

/**
 * The one check for every redirect target that comes from a request (after sign-in, the
 * two-factor step, a cart post without JavaScript): the path it names on this site, or null when
 * it would lead elsewhere. Resolved like a browser does (`new URL`, which also drops tabs and
 * newlines, so `/\t/evil.example` is `//evil.example` and refused); the answer is the normalized
 * path, so it can never break the Location header.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can turn `/..//evil.example` into `//evil.example`: the result must stay here too.
  return new URL(path, OWN_ORIGIN).origin === OWN_ORIGIN && !path.startsWith("//") ? path : null;
}

/** A same-origin path to go to (see sameOriginPath); anything else falls back to `fallback`. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  return sameOriginPath(value) ?? fallback;
}
