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
