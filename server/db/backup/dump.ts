import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { openDatabase } from "../client.ts";
import { BackupError } from "./errors.ts";

/**
 * Plain SQL that recreates schema and data on PGlite or on a PostgreSQL server: without owners
 * and grants (the target's user owns everything), with INSERT statements (pglite-tools adds
 * `--inserts`), so it runs through any client, psql included.
 */
const dumpArgs = ["--no-owner", "--no-privileges"];

/**
 * pg_dump reads everything inside one repeatable-read transaction: the dump is one consistent
 * moment of the database, whatever else is going on.
 */
export async function dumpPglite(pg: PGlite): Promise<string> {
  const file = await pgDump({ pg, args: dumpArgs });
  return file.text();
}

/** Dumps the embedded database in `dbDir` (refused while the shop or another tool has it open). */
export async function dumpEmbeddedDatabase(dbDir: string): Promise<string> {
  if (!existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database at ${dbDir} (check DATA_DIR).`);
  }
  const database = await openDatabase({ dataDir: dbDir });
  try {
    return await dumpPglite((database.db as unknown as { $client: PGlite }).$client);
  } finally {
    await database.close();
  }
}
