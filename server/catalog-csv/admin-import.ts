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
export function applyCatalogUpload(
  db: Db,
  settings: Settings,
  token: string,
): Promise<CatalogReportView | null> {
  return applyCsvUpload(settings, token, runner(db, settings));
}
