/**
 * Backs up the embedded database to one SQL file (see docs/database.md):
 *   npm run db:backup                      # DATA_DIR/backups/shop-<UTC time>.sql
 *   npm run db:backup -- backup.sql.gz     # a file of your choice; .gz compresses
 *   npm run db:backup -- /backups          # a dated file in an existing folder
 * The shop must be stopped: only one process may open the embedded database folder.
 */
import "./support/env.ts";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { dumpEmbeddedDatabase } from "../server/db/backup/dump.ts";
import { writeDumpFile } from "../server/db/backup/dump-file.ts";
import { BackupError } from "../server/db/backup/errors.ts";
import { describePostgres, loadToolConfig, runDbTool, UsageError } from "./db-tool.ts";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length > 1) throw new UsageError("Give at most one file name.");
  const config = loadToolConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: the shop runs on ${describePostgres(config.databaseUrl)}, which this tool does not back up. Use the server's own pg_dump, e.g.\n  pg_dump --no-owner --no-privileges "$DATABASE_URL" > shop.sql`,
    );
  }
  const dbDir = path.join(config.dataDir, "db");
  const file = backupFile(positionals[0], config.dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const dump = await dumpEmbeddedDatabase(dbDir);
  writeDumpFile(file, dump);
  const orders = dump.match(/^INSERT INTO public\.orders /gm)?.length ?? 0;
  const size = (statSync(file).size / 1024).toFixed(0);
  console.log(`Backed up ${dbDir} to ${file} (${size} KB, ${orders} orders).`);
}

/** The file given; a dated file in the folder given, or in DATA_DIR/backups when none is. */
function backupFile(given: string | undefined, dataDir: string) {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const folder = given ? path.resolve(given) : path.join(dataDir, "backups");
  if (given && !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return folder;
  return path.join(folder, `shop-${stamp}.sql`);
}

runDbTool(main, "npm run db:backup [-- FILE]");
