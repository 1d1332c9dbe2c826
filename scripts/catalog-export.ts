/**
 * Writes the catalog as a Shopify product CSV — docs/migrating.md:
 *   npm run catalog:export -- FILE.csv
 */
import "./support/env.ts";
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { catalogCsvExport } from "../server/catalog-csv/export-catalog.ts";
import { streamCsv } from "../server/exports/csv-stream.ts";
import { createServices } from "../server/services.ts";
import { loadToolConfig, runDbTool, UsageError } from "./db-tool.ts";

const USAGE = "npm run catalog:export -- FILE.csv";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError("Give the CSV file to write");
  const config = loadToolConfig();
  const services = await createServices(config);
  try {
    const csv = streamCsv(catalogCsvExport(services.database.db, { publicUrl: config.publicUrl }));
    await pipeline(
      Readable.fromWeb(csv as import("node:stream/web").ReadableStream),
      createWriteStream(file),
    );
    console.log(`Catalog written to ${file}`);
  } finally {
    await services.database.close();
  }
}

runDbTool(main, USAGE);
