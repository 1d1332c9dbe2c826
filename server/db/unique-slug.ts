import { and, eq, like, ne, or } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

// The slug rule itself (slugify) is in core/text/slug.ts: the blog editor previews slugs in the browser.

type SluggedTable = PgTable & { id: AnyPgColumn; slug: AnyPgColumn };

/**
 * `base` when no row of `table` uses it, otherwise the first free `base-2`, `base-3`, ….
 * `exceptId` ignores one row (the one being edited keeps its own slug).
 * An empty base becomes "untitled".
 */
export async function uniqueSlug(
  db: Db,
  table: SluggedTable,
  base: string,
  options: { exceptId?: string } = {},
): Promise<string> {
  const root = base || "untitled";
  const pattern = `${root.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const matches = or(eq(table.slug, root), like(table.slug, pattern));
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(options.exceptId ? and(matches, ne(table.id, options.exceptId)) : matches);
  const taken = new Set(rows.map((row) => String(row.slug)));
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
