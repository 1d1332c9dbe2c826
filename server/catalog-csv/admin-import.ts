import { recordChange } from "../audit/record.ts";
import { applyCsvUpload, previewCsvUpload } from "../csv-import/two-step.ts";
import type { Db } from "../db/client.ts";
import { importCatalogCsv } from "./import-catalog.ts";
import type { CatalogReportView } from "./report.ts";

/** The admin page shows this many lines of each kind; the counts stay exact. */
const PREVIEW_LINES = 500;

type Settings = { dataDir: string; publicUrl: string };

const runner = (db: Db, settings: Settings) => async (file: import("node:stream").Readable, apply: boolean) =>
  (
    await importCatalogCsv(db, file, { apply, publicUrl: settings.publicUrl, lineLimit: PREVIEW_LINES })
  ).view();

/** Step 1: keeps the uploaded file and reads it without writing anything (the preview). */
export function previewCatalogUpload(
  db: Db,
  settings: Settings,
  file: File,
): Promise<{ token: string; report: CatalogReportView }> {
  return previewCsvUpload(settings, file, runner(db, settings));
}

/** Step 2: imports the previewed file once; null when it was imported already or has expired. */
export async function applyCatalogUpload(
  db: Db,
  settings: Settings,
  token: string,
): Promise<CatalogReportView | null> {
  const report = await applyCsvUpload(settings, token, runner(db, settings));
  if (report) await recordImportRun(db, token, report);
  return report;
}

/**
 * The run's own entry, with its counts: each product it saved has its entry already (created or
 * updated, through the product form's save, in that product's transaction); this one says a file
 * was imported, by whom, and what came of it. The id is the upload's token (one run per upload).
 */
function recordImportRun(db: Db, token: string, report: CatalogReportView) {
  return recordChange(db, {
    entityType: "import",
    entityId: token,
    entityLabel: `Catalog CSV (${report.format ?? "unknown format"})`,
    action: "import",
    details: { ...report.counts, ...(report.fileError ? { fileError: report.fileError } : {}) },
  });
}
