/**
 * The admin spec's slug rule: lowercase, non-alphanumeric characters removed, spaces to
 * hyphens, repeated hyphens collapsed, edge hyphens trimmed. Accents are folded first
 * ("Café" -> "cafe") so they are not simply dropped.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Whether an address segment can be a slug at all (what slugify makes; generous on length).
 * Lookups answer "not found" for anything else — a NUL byte, SQL, 3,000 characters — before the
 * database sees it (PostgreSQL refuses a NUL byte in text with an error).
 */
export function isSlugLike(text: string): boolean {
  return /^[a-z0-9-]{1,300}$/.test(text);
}
