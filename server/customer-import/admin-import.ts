import type { Readable } from "node:stream";
import { applyCsvUpload, previewCsvUpload } from "../csv-import/two-step.ts";
import type { Db } from "../db/client.ts";
import { importCustomersCsv } from "./import-customers.ts";
import type { CustomerReportView } from "./report.ts";

/** The admin page shows this many lines of each kind; the counts stay exact. */
const PREVIEW_LINES = 500;

type Settings = { dataDir: string; secret: string };

const runner = (db: Db, settings: Settings, fileName: string) => async (file: Readable, apply: boolean) =>
  (
    await importCustomersCsv(db, file, { apply, secret: settings.secret, lineLimit: PREVIEW_LINES, fileName })
  ).view();

/** Step 1: keeps the uploaded file and reads it without writing anything (the preview). */
export function previewCustomersUpload(db: Db, settings: Settings, file: File) {
  return previewCsvUpload(settings, file, runner(db, settings, file.name));
}

/** Step 2: imports the previewed file once; null when it was imported already or has expired. */
export function applyCustomersUpload(
  db: Db,
  settings: Settings,
  token: string,
  fileName: string,
): Promise<CustomerReportView | null> {
  return applyCsvUpload(settings, token, runner(db, settings, fileName));
}
