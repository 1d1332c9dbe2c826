/**
 * Imports Shopify's customer CSV into the shop's customers — docs/migrating.md:
 *   npm run customers:import -- FILE.csv [--dry-run] [--report FILE]
 * The file is read as a stream (any size); no email is sent. With the embedded database, stop the shop first.
 */
import "./support/env.ts";
import { createReadStream, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { systemActor, withActor } from "../server/audit/actor.ts";
import { importCustomersCsv } from "../server/customer-import/import-customers.ts";
import { createServices } from "../server/services.ts";
import { loadToolConfig, runDbTool, UsageError } from "./db-tool.ts";

const USAGE = "npm run customers:import -- FILE.csv [--dry-run] [--report FILE]";

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, report: { type: "string" } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError("Give one CSV file to import");
  if (!existsSync(file)) throw new UsageError(`No file at ${file}`);
  const dryRun = values["dry-run"] ?? false;
  const config = loadToolConfig();
  const services = await createServices(config);
  try {
    // The audit log names the command as the author (server/audit/actor.ts).
    const report = await withActor(systemActor("customers:import"), () =>
      importCustomersCsv(services.database.db, createReadStream(file), {
        apply: !dryRun,
        secret: services.linkSecret,
        fileName: path.basename(file),
      }),
    );
    const title = `${dryRun ? "Dry run (nothing was written)" : "Import"} of ${path.basename(file)} at ${new Date().toISOString()}`;
    const text = report.text(title);
    const out = path.resolve(
      values.report ?? path.join(config.dataDir, "imports", `customers-${stamp()}.txt`),
    );
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, text);
    console.log(`${text}\nReport written to ${out}`);
    if (report.fileError) process.exitCode = 1;
  } finally {
    await services.database.close();
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

runDbTool(main, USAGE);
