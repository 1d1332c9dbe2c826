import type { Db } from "../../db/client.ts";
import type { MediaCopier } from "./media.ts";
import type { ImportReport } from "./report.ts";
import type { LegacyRow, LegacySource } from "./source.ts";
import { toText } from "./values.ts";

/** What every table importer gets. `db` is the target shop (inside the dry run's transaction on a dry run). */
export type ImportContext = {
  db: Db;
  source: LegacySource;
  report: ImportReport;
  media: MediaCopier;
  dryRun: boolean;
  isPlaceholderEmail: (email: string | null) => boolean;
  /** Gives an imported creator a set-password link (email or console); not called on a dry run. */
  sendCreatorLink: (
    db: Db,
    creator: { id: string; username: string; email: string | null; fullName: string | null },
  ) => Promise<void>;
  now: Date;
};

/** A row that cannot be imported, with the reason the report gives. */
export class RowRefused extends Error {}

export type RowOutcome = "imported" | "updated";

/**
 * Imports one old table row by row, each row in its own transaction (a savepoint inside a dry
 * run): a bad row is reported with its reason and old id, and never stops the others.
 */
export async function importTable(
  ctx: ImportContext,
  schema: "public" | "auth",
  table: string,
  importRow: (db: Db, row: LegacyRow, oldId: string) => Promise<RowOutcome>,
) {
  const name = schema === "public" ? table : `${schema}.${table}`;
  const rows = await ctx.source.rows(schema, table);
  if (!rows) {
    ctx.report.missing.push(name);
    return;
  }
  const counts = ctx.report.table(name);
  for await (const row of rows) {
    counts.read++;
    const oldId = toText(row.id) ?? "";
    try {
      if (!oldId) throw new RowRefused("the row has no id");
      const outcome = await ctx.db.transaction((tx) => importRow(tx as unknown as Db, row, oldId));
      counts[outcome]++;
    } catch (error) {
      ctx.report.skip(name, oldId, reasonOf(error));
    }
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof RowRefused) return error.message;
  // A constraint or type the database refused: its own words, which name the column.
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `refused by the database${cause || `: ${message.split("\n")[0]}`}`;
}
