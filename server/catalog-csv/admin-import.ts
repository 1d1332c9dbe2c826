import path from "node:path";
import { recordChange } from "../audit/record.ts";
import type { Db } from "../db/client.ts";
import { importCatalogCsv } from "./import-catalog.ts";
import type { CatalogReportView } from "./report.ts";
import { claimCsvUpload, openCsvUpload, saveCsvUpload } from "./uploads.ts";

/** The admin page shows this many lines of each kind; the counts stay exact. */
const PREVIEW_LINES = 500;

type Settings = { dataDir: string; publicUrl: string };
const importsDir = (settings: Settings) => path.join(settings.dataDir, "imports");

/** Step 1: keeps the uploaded file and reads it without writing anything (the preview). */
export async function previewCatalogUpload(
  db: Db,
  settings: Settings,
  file: File,
): Promise<{ token: string; report: CatalogReportView }> {
  const dir = importsDir(settings);
  const token = await saveCsvUpload(dir, file);
  const stream = await openCsvUpload(dir, token);
  const report = await importCatalogCsv(db, stream!, {
    apply: false,
    publicUrl: settings.publicUrl,
    lineLimit: PREVIEW_LINES,
  });
  return { token, report: report.view() };
}

/** Step 2: imports the previewed file once; null when it was imported already or has expired. */
export async function applyCatalogUpload(
  db: Db,
  settings: Settings,
  token: string,
): Promise<CatalogReportView | null> {
  const claimed = await claimCsvUpload(importsDir(settings), token);
  if (!claimed) return null;
  try {
    const report = await importCatalogCsv(db, claimed.stream, {
      apply: true,
      publicUrl: settings.publicUrl,
      lineLimit: PREVIEW_LINES,
    });
    await recordImportRun(db, token, report.view());
    return report.view();
  } finally {
    await claimed.done();
  }
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
