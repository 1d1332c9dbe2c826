import type { FieldChange } from "../db/schema/index.ts";

/**
 * Field names whose values never reach the audit log (passwords, token hashes, API keys, two-factor
 * secrets): a change to one is recorded as "[hidden]" → "[hidden]", so the log says it changed but
 * not to what. Matched at any depth, so a settings object carrying an API key is covered too.
 */
const SECRET_FIELD =
  /pass(word|phrase)?|secret|token|api_?key|private|credential|hash|otp|backup_?codes?|signature/i;
export const HIDDEN = "[hidden]";

/** Bookkeeping columns every row changes on save: not part of what someone changed. */
const IGNORED = new Set(["updatedAt", "createdAt", "version"]);

export const isSecretField = (name: string) => SECRET_FIELD.test(name);

/** A value as stored in an entry: dates as ISO text, secrets hidden at any depth, undefined → null. */
export function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, isSecretField(key) ? HIDDEN : scrub(inner)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two snapshots of an entity (null before: created; null after:
 * deleted), each before → after, secrets hidden.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const from = scrub(before?.[key]);
    const to = scrub(after?.[key]);
    if (same(from, to)) continue;
    changes[key] = isSecretField(key) ? { from: HIDDEN, to: HIDDEN } : { from, to };
  }
  return changes;
}
