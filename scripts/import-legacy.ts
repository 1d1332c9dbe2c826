/**
 * Imports the old hosted shop (its PostgreSQL database) into this one — docs/migrating.md:
 *   npm run import:legacy -- --from postgres://… [--dry-run] [--replace-demo] [--media copy|keep]
 *                            [--placeholder-email pending@example.com] [--report FILE]
 * Writes into the shop's database (DATABASE_URL, or the embedded one in DATA_DIR, created and
 * migrated as `npm start` would). With the embedded database, stop the shop first.
 */
import "./support/env.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { s3MediaStore } from "../server/media/s3-store.ts";
import { localMediaStore } from "../server/media/uploads.ts";
import { CreatorLinks } from "../server/migration/legacy/creator-links.ts";
import { mediaCopier } from "../server/migration/legacy/media.ts";
import { placeholderEmailRule } from "../server/migration/legacy/placeholder-emails.ts";
import { ImportReport } from "../server/migration/legacy/report.ts";
import { ImportRefused, importLegacyShop } from "../server/migration/legacy/run.ts";
import { openLegacySource } from "../server/migration/legacy/source.ts";
import { createServices } from "../server/services.ts";
import { describePostgres, loadToolConfig, runDbTool, UsageError } from "./db-tool.ts";

const USAGE =
  "npm run import:legacy -- --from <postgres-url> [--dry-run] [--replace-demo] [--media copy|keep] [--placeholder-email EMAIL]… [--report FILE]";

const argsSchema = z.object({
  from: z
    .string("--from is required: the old shop's PostgreSQL connection string")
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "--from must be a postgres:// connection string"),
  "dry-run": z.boolean().default(false),
  "replace-demo": z.boolean().default(false),
  media: z.enum(["copy", "keep"], "--media is copy or keep").default("copy"),
  "placeholder-email": z.array(z.string()).default([]),
  report: z.string().optional(),
});

async function main() {
  const { values } = parseArgs({
    options: {
      from: { type: "string" },
      "dry-run": { type: "boolean" },
      "replace-demo": { type: "boolean" },
      media: { type: "string" },
      "placeholder-email": { type: "string", multiple: true },
      report: { type: "string" },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]!.message);
  const args = parsed.data;
  const config = loadToolConfig();
  const services = await createServices(config);
  const source = openLegacySource(args.from);
  const report = new ImportReport();
  try {
    await source.check().catch((error: Error) => {
      throw new ImportRefused(
        `Cannot read the old database at ${describePostgres(args.from)}: ${error.message}`,
      );
    });
    const links = new CreatorLinks({
      mailer: services.mailer,
      publicUrl: config.publicUrl,
      show: console.log,
    });
    const store = config.s3 ? s3MediaStore(config.s3) : localMediaStore(config.uploadsDir);
    await importLegacyShop(services.database.db, {
      source,
      report,
      dryRun: args["dry-run"],
      replaceDemo: args["replace-demo"],
      media: mediaCopier({ mode: args.media, store, dryRun: args["dry-run"], report }),
      isPlaceholderEmail: placeholderEmailRule(args["placeholder-email"]),
      sendCreatorLink: links.create,
    });
    if (!args["dry-run"]) await links.deliver();
    const title = `${args["dry-run"] ? "Dry run (nothing was written)" : "Import"} from ${describePostgres(args.from)} at ${new Date().toISOString()}`;
    const text = report.format(title);
    const file = path.resolve(args.report ?? path.join(config.dataDir, "imports", `legacy-${stamp()}.txt`));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`${text}\nReport written to ${file}`);
    await services.mailer.idle();
  } finally {
    await source.close();
    await services.database.close();
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);

runDbTool(main, USAGE);
