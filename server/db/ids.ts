const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID in text form (every table's id). Check ids from URLs and forms before comparing
 * them with a uuid column: the lookup then answers "not found" instead of a cast error.
 */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/**
 * False for text holding a NUL character, which PostgreSQL text cannot store or compare ("invalid
 * byte sequence"): check free text from URLs with it before it reaches a query.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000");
}
