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
