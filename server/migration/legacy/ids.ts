import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/ids.ts";
import { legacyImportIds } from "../../db/schema/index.ts";

/**
 * The id a row of the old shop gets here: its own when it is a UUID (so old links by id keep
 * working and a second run finds the same row), else a UUID derived from table and old id.
 */
export function newIdFor(source: string, oldId: string): string {
  if (isUuid(oldId)) return oldId.toLowerCase();
  const hex = createHash("sha256").update(`${source}:${oldId}`).digest("hex");
  // A version-5-shaped UUID from the hash.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The row an old row became in an earlier run, or null. */
export async function importedId(db: Db, source: string, oldId: string): Promise<string | null> {
  const [row] = await db
    .select({ newId: legacyImportIds.newId })
    .from(legacyImportIds)
    .where(and(eq(legacyImportIds.source, source), eq(legacyImportIds.oldId, oldId)));
  return row?.newId ?? null;
}

export async function rememberImport(db: Db, source: string, oldId: string, newId: string) {
  await db
    .insert(legacyImportIds)
    .values({ source, oldId, newId })
    .onConflictDoUpdate({
      target: [legacyImportIds.source, legacyImportIds.oldId],
      set: { newId, updatedAt: sql`now()` },
    });
}
