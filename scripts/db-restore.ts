/**
 * Restores a backup made by db:backup (see docs/database.md) into an empty database:
 *   npm run db:restore -- FILE             # into the embedded database in DATA_DIR/db
 *   DATABASE_URL=postgres://… npm run db:restore -- FILE   # into a PostgreSQL database
 *   npm run db:restore -- FILE --force     # replace everything the target holds
 * The shop must be stopped (every instance, when on PostgreSQL).
 */
import "./support/env.ts";
import path from "node:path";
import { parseArgs } from "node:util";
import { readDumpFile } from "../server/db/backup/dump-file.ts";
import { restoreDump } from "../server/db/backup/restore.ts";
import { describePostgres, loadToolConfig, runDbTool, UsageError } from "./db-tool.ts";

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new UsageError("Give the backup file to restore.");
  const config = loadToolConfig();
  const file = path.resolve(positionals[0]!);
  const dump = readDumpFile(file);
  const dbDir = path.join(config.dataDir, "db");
  const target = config.databaseUrl ? { url: config.databaseUrl } : { dbDir };
  const where = config.databaseUrl ? describePostgres(config.databaseUrl) : `the embedded database ${dbDir}`;
  const summary = await restoreDump(dump, target, { force: values.force });
  console.log(
    `Restored ${file} into ${where}: ${summary.tables} tables, ${summary.orders} orders. Start the shop: it applies any newer migrations.`,
  );
}

runDbTool(main, "npm run db:restore -- FILE [--force]");
