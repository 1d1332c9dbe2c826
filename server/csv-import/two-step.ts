import path from "node:path";
import type { Readable } from "node:stream";
import { claimCsvUpload, openCsvUpload, saveCsvUpload } from "./uploads.ts";

/** Reads the file: `apply` false is the preview (nothing written), true the import. */
export type CsvImportRun<R> = (file: Readable, apply: boolean) => Promise<R>;

export const importsDir = (settings: { dataDir: string }) => path.join(settings.dataDir, "imports");

/**
 * The admin's two steps of a CSV import (catalog, customers). Step 1 keeps the uploaded file and
 * reads it without writing anything; its token names the file for step 2.
 */
export async function previewCsvUpload<R>(
  settings: { dataDir: string },
  file: File,
  run: CsvImportRun<R>,
): Promise<{ token: string; report: R }> {
  const dir = importsDir(settings);
  const token = await saveCsvUpload(dir, file);
  const stream = await openCsvUpload(dir, token);
  return { token, report: await run(stream!, false) };
}

/** Step 2: imports the previewed file once; null when it was imported already or has expired. */
export async function applyCsvUpload<R>(
  settings: { dataDir: string },
  token: string,
  run: CsvImportRun<R>,
): Promise<R | null> {
  const claimed = await claimCsvUpload(importsDir(settings), token);
  if (!claimed) return null;
  try {
    return await run(claimed.stream, true);
  } finally {
    await claimed.done();
  }
}
